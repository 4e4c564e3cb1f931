export type BenchRow = { group: string; name: string; value: number; unit: string; goal?: string };

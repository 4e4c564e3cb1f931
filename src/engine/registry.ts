/**
 * Registry lookups. Registries are plain object literals keyed by the config's names; lookups use Object.hasOwn so a
 * config `type` such as "constructor" never resolves to something on Object.prototype.
 */
export function lookup<T>(registry: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(registry, key) ? registry[key] : undefined;
}

/**
 * For page tests: stands in for a vanilla-extract style module, answering every style name with itself as the class
 * name, so a page renders in jsdom without compiling its theme.
 */
function isStyleName(key: string | symbol): key is string {
  return typeof key === 'string' && key !== 'then' && !key.startsWith('__');
}

export const classNames: Record<string, string> = new Proxy(
  {},
  {
    get: (_target, key) => (isStyleName(key) ? key : undefined),
    has: (_target, key) => isStyleName(key),
  },
);

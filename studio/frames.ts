/**
 * What the studio shows: one phone frame per theme x variant (or per phone size), each an iframe of the real app on
 * the chosen route with the chosen demo data, language and forced theme (`theme` and `variant` in the hash query,
 * honoured in development and under the screenshot suite's e2e flag only).
 */
export type PhoneSize = { name: string; width: number; height: number };

export const phoneSizes: readonly PhoneSize[] = [
  { name: 'small', width: 360, height: 640 },
  { name: 'standard', width: 390, height: 844 },
  { name: 'large', width: 430, height: 932 },
];

export const STANDARD_PHONE = phoneSizes[1];

export type Frame = { key: string; label: string; src: string; size: PhoneSize };

export type FrameRequest = {
  base: string;
  route: string;
  /** Demo data as a query string without `?`, e.g. `token=demo&vote_id=1`. */
  query: string;
  locale: string;
  themes: readonly string[];
  variants: readonly string[];
  /** 'themes': every theme x variant at the standard size; 'sizes': the first theme in every phone size. */
  layout: 'themes' | 'sizes';
};

export function frameSrc(base: string, route: string, params: Record<string, string>, query: string): string {
  const search = new URLSearchParams(query);
  for (const [key, value] of Object.entries(params)) search.set(key, value);
  return `${base}#${route}?${search.toString()}`;
}

export function framesFor(request: FrameRequest): Frame[] {
  const { base, route, query, locale, themes, variants, layout } = request;
  const src = (theme: string, variant: string) => frameSrc(base, route, { locale, theme, variant }, query);
  if (layout === 'sizes') {
    const theme = themes[0] ?? 'red';
    const variant = variants[0] ?? 'default';
    return phoneSizes.map((size) => ({
      key: `${theme}-${variant}-${size.name}`,
      label: `${theme} ${variant} · ${size.width}x${size.height}`,
      src: src(theme, variant),
      size,
    }));
  }
  return themes.flatMap((theme) =>
    variants.map((variant) => ({
      key: `${theme}-${variant}`,
      label: `${theme} ${variant}`,
      src: src(theme, variant),
      size: STANDARD_PHONE,
    })),
  );
}

/** Route paths as the picker lists them: the config's paths and aliases, without the not-found catch-all. */
export function routeChoices(routes: ReadonlyArray<{ path: string; aliases?: string[] }>): string[] {
  return routes.flatMap((route) => [route.path, ...(route.aliases ?? [])]).filter((path) => path !== '*');
}

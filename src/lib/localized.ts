/**
 * Organiser content in the viewer's language: the English version where the organiser wrote one (the API's `*_en`
 * fields), else the text as written. Texts the app itself defines go through i18next instead.
 */
export function localized(original: string, english: string | null | undefined, language: string): string {
  return language === 'en' && english ? english : original;
}

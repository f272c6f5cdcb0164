/**
 * Writing direction by language. Its own module so that code which only needs the direction (the API's
 * article shape, the client) does not pull in the detector and its database.
 */

/** Written right to left; `ji` and `iw` are the withdrawn codes of Yiddish and Hebrew that old data still carries. */
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(["ar", "he", "fa", "ur", "yi", "ji", "iw", "ku", "ps"]);

/** Whether text in `language` (ISO 639-1) is laid out right to left. */
export function isRightToLeft(language: string): boolean {
  return RTL_LANGUAGES.has(language.toLowerCase());
}

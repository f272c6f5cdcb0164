/** Display names for the languages the detector reports (about 45 codes, spec §9). */
const NAMES: Record<string, string> = {
  ar: "Arabic",
  bg: "Bulgarian",
  bn: "Bengali",
  ca: "Catalan",
  cs: "Czech",
  da: "Danish",
  de: "German",
  el: "Greek",
  en: "English",
  es: "Spanish",
  et: "Estonian",
  fa: "Persian",
  fi: "Finnish",
  fr: "French",
  he: "Hebrew",
  hi: "Hindi",
  hr: "Croatian",
  hu: "Hungarian",
  id: "Indonesian",
  is: "Icelandic",
  it: "Italian",
  ja: "Japanese",
  ko: "Korean",
  ku: "Kurdish",
  lt: "Lithuanian",
  lv: "Latvian",
  mk: "Macedonian",
  ms: "Malay",
  nb: "Norwegian",
  nl: "Dutch",
  pl: "Polish",
  ps: "Pashto",
  pt: "Portuguese",
  ro: "Romanian",
  ru: "Russian",
  sk: "Slovak",
  sl: "Slovenian",
  sq: "Albanian",
  sr: "Serbian",
  sv: "Swedish",
  th: "Thai",
  tr: "Turkish",
  uk: "Ukrainian",
  ur: "Urdu",
  vi: "Vietnamese",
  yi: "Yiddish",
  zh: "Chinese",
};

/** Spec §2: right to left for ar, he, fa, ur, yi, ji, iw, ku, ps. */
const RTL = new Set(["ar", "he", "fa", "ur", "yi", "ji", "iw", "ku", "ps"]);

export function languageName(code: string | null | undefined): string {
  if (!code) return "";
  return NAMES[code.toLowerCase()] ?? code.toUpperCase();
}

export function isRightToLeft(code: string | null | undefined): boolean {
  return code ? RTL.has(code.toLowerCase()) : false;
}

/** The primary language subtag of a BCP 47 tag, lower case: "pt-BR" -> "pt", "DE" -> "de"; "" when there is none. */
export function primaryLanguage(tag: string | null | undefined): string {
  const primary = (tag ?? "").trim().split(/[-_]/)[0] ?? "";
  return /^[a-z]{2,3}$/i.test(primary) ? primary.toLowerCase() : "";
}

const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

/** The language's English name for messages ("German"), or the code itself when the runtime does not know it. */
export function languageName(language: string): string {
  try {
    return languageNames.of(language) ?? language;
  } catch {
    return language;
  }
}

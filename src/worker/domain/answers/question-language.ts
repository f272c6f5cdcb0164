import { tokenize } from "../text";

/** The languages an answer is written in; any other question is answered in English. */
export type AnswerLanguage = "en" | "de" | "es" | "fr";

/**
 * Words only one of the four languages uses in a short question (the language detector needs more text than
 * "welcher davon ist der neueste?" to be sure). Shared words ("de", "la", "die" in English names) are left out.
 */
const MARKERS: Record<Exclude<AnswerLanguage, "en">, string> = {
  de: "der die das den dem und ist sind welche welcher welches was wie wer wo warum über von mit nur davon habe ich mir mehr erzähl erzähle zeig zeige gibt es nicht ein eine einen artikel woche letzter letzten dieser neueste älteste ungelesenen gelesen handelt handeln auf im zum",
  es: "el los las qué cuál cuáles cómo quién dónde por qué sobre del y es son ya leí leídos solo sólo más háblame dime muestra esos estos ellos artículos artículo semana pasada último primero segundo tercero trata tratan hay mi",
  fr: "le les quel quels quelle lequel lesquels est sont du des et ou sur dans qui que quoi comment pourquoi où parle parlent moi seulement non lus lu déjà ceux celles semaine dernière dernier premier deuxième troisième plus récent ancien articles ai-je mes",
};
const SETS = Object.fromEntries(
  Object.entries(MARKERS).map(([code, words]) => [code, new Set(words.split(" "))]),
) as Record<Exclude<AnswerLanguage, "en">, Set<string>>;

/**
 * The language a question is written in, among English, German, Spanish and French: the one whose marker words
 * (and letters: "¿", "ñ", "ß", "ç") it uses most; English when none stands out.
 */
export function questionLanguage(question: string): AnswerLanguage {
  const words = tokenize(question);
  const scores: Record<AnswerLanguage, number> = { en: 0, de: 0, es: 0, fr: 0 };
  for (const word of words) {
    for (const code of ["de", "es", "fr"] as const) if (SETS[code].has(word)) scores[code] += 1;
  }
  if (/[¿¡ñ]/u.test(question)) scores.es += 2;
  if (/[ßäöü]/iu.test(question)) scores.de += 2;
  if (/[çèêëàâœ]/iu.test(question)) scores.fr += 2;
  const best = (["de", "es", "fr"] as const).reduce((a, b) => (scores[b] > scores[a] ? b : a));
  const second = Math.max(...(["de", "es", "fr"] as const).filter((c) => c !== best).map((c) => scores[c]));
  return scores[best] > 0 && scores[best] > second ? best : "en";
}

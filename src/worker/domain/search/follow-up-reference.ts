import { STOP_WORDS } from "../text";
import { contentStems } from "../words";

/**
 * A follow-up that points back at the previous turn's results: "tell me more about the first one", "the second
 * article", "that article", "more like it", "the one about X" (and "der erste", "le premier", "el primero").
 * It is resolved against those results, never searched as words: glued to the previous question, "the first
 * one" searched "first" in every article.
 */
export type FollowUpReference =
  /** A result by its place in the previous turn's list (0-based; -1 the last). */
  | { kind: "position"; index: number; similar: boolean }
  /** The result the previous turn led with ("that article", "it"). */
  | { kind: "that"; similar: boolean }
  /** The previous result whose title and summary best match these words ("the one about X"). */
  | { kind: "about"; words: string; similar: boolean };

const ORDINALS: [RegExp, number][] = [
  [/first|1st|erste[nrms]?|premi(?:er|ère)|primer[oa]?/, 0],
  [/second|2nd|zweite[nrms]?|deuxième|seconde?|segund[oa]/, 1],
  [/third|3rd|dritte[nrms]?|troisième|tercer[oa]?/, 2],
  [/fourth|4th|vierte[nrms]?|quatrième|cuart[oa]/, 3],
  [/fifth|5th|fünfte[nrms]?|cinquième|quint[oa]/, 4],
  [/last|letzte[nrms]?|derni(?:er|ère)|últim[oa]|ultim[oa]/, -1],
];
const ORDINAL = ORDINALS.map(([pattern]) => pattern.source).join("|");
const ARTICLE_NOUN = String.raw`(?:\s+(?:one|article|result|link|story|post|page|artikel|ergebnis|article|résultat|artículo|resultado))?`;
/** "the first one", "the 2nd article", "der erste", "le premier", "el primero", "number 2", "#2". */
const POSITION = new RegExp(
  String.raw`(?<![\p{L}])(?:(?:the|der|die|das|den|dem|im|am|vom|zum|le|la|l'|du|au|el|los|del|al)\s*)(${ORDINAL})${ARTICLE_NOUN}(?![\p{L}])|(?<![\p{L}])(?:number|nummer|numéro|número|no\.?|#)\s*([1-5])(?![\p{N}])`,
  "iu",
);
/** "that article", "this one", "it" after a verb of asking about, "dieser Artikel", "cet article", "ese artículo". */
const THAT =
  /(?<![\p{L}])(?:(?:that|this)\s+(?:one|article|result|story|post|page)|(?:about|on|of|like|summari[sz]e|open|explain|more\s+on)\s+(?:it|that|this)(?![\p{L}'])|diese[rnms]?\s+artikel|den\s+artikel|cet\s+article|cette\s+page|ce\s+résultat|ese\s+artículo|este\s+artículo)/iu;
/** "the one about X", "the article on X", "der über X", "celui sur X", "el de X". */
const ABOUT =
  /(?<![\p{L}])(?:the\s+(?:one|article|story|post|result)\s+(?:about|on|with|from)|der\s+(?:artikel\s+)?über|celui\s+(?:sur|qui\s+parle\s+de)|l'article\s+sur|el\s+(?:artículo\s+)?(?:sobre|de))\s+(.+?)[?.!]*$/iu;
/** "more like it", "similar to the first one", "ähnliche", "des articles similaires", "parecidos". */
const SIMILAR =
  /(?<![\p{L}])(?:more\s+like|similar|like\s+(?:it|that|this|the)|related\s+to|ähnlich\w*|wie\s+(?:der|die|das|dieser)|mehr\s+davon|similaires?|semblables?|comme\s+(?:celui|celle|le|la|ça)|parecid\w+|similar(?:es)?\s+a|más\s+como)(?![\p{L}])/iu;

/**
 * The reference a follow-up question makes to the previous results, or null when it makes none (then it is a
 * question of its own).
 */
export function followUpReference(question: string): FollowUpReference | null {
  const similar = SIMILAR.test(question);
  const about = ABOUT.exec(question);
  if (about?.[1] && contentStems(about[1]).length > 0) return { kind: "about", words: about[1], similar };
  const position = POSITION.exec(question);
  // "the first one", "the first?", "what does the second say": not "the first world war".
  const next = position ? /^\s*([\p{L}']+)/u.exec(question.slice(position.index + position[0].length))?.[1] : undefined;
  if (position && (next === undefined || STOP_WORDS.has(next.toLowerCase()))) {
    if (position[2]) return { kind: "position", index: Number(position[2]) - 1, similar };
    const word = (position[1] ?? "").toLowerCase();
    const found = ORDINALS.find(([pattern]) => new RegExp(`^(?:${pattern.source})$`, "iu").test(word));
    if (found) return { kind: "position", index: found[1], similar };
  }
  if (THAT.test(question)) return { kind: "that", similar };
  if (
    /^\s*(?:more\s+like\s+(?:it|that|this|these|those)|similar\s+ones|ähnliche|mehr\s+davon|mehr\s+wie\s+(?:diese[nrs]?|das)|similaires|plus\s+comme\s+(?:ça|celui(?:-ci|-là)?|celle(?:-ci|-là)?)|parecidos|más\s+como\s+(?:ese|esa|este|esta|eso))\s*[?.!]*\s*$/iu.test(
      question,
    )
  )
    return { kind: "that", similar: true };
  return null;
}

/** A previous result as the reference is resolved against it. */
export interface PreviousResult {
  id: number;
  title: string;
  summary: string;
}

/**
 * The id of the previous result a reference points at, or null when it points at nothing (the previous turn
 * listed fewer results, or none is about the words). "the one about X": the result whose title (counting
 * double) and summary share the most of X's content words, compared by stem in each language's rules.
 */
export function resolveReference(reference: FollowUpReference, previous: readonly PreviousResult[]): number | null {
  if (previous.length === 0) return null;
  if (reference.kind === "that") return previous[0]?.id ?? null;
  if (reference.kind === "position") {
    const index = reference.index < 0 ? previous.length + reference.index : reference.index;
    return previous[index]?.id ?? null;
  }
  const wanted = new Set(contentStems(reference.words));
  let best: { id: number; score: number } | null = null;
  for (const result of previous) {
    const title = new Set(contentStems(result.title));
    const summary = new Set(contentStems(result.summary));
    let score = 0;
    for (const stem of wanted) score += (title.has(stem) ? 2 : 0) + (summary.has(stem) ? 1 : 0);
    if (score > 0 && (!best || score > best.score)) best = { id: result.id, score };
  }
  return best?.id ?? null;
}

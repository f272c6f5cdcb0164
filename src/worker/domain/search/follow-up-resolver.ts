import { isStopWord } from "../words";
import { queryTerms } from "./chat-query";
import { followUpReference, resolveReference } from "./follow-up-reference";
import { hasFilters, matchesFilters, parseQuestionFilters, type QuestionFilters } from "./question-filters";
import { termMatcher, wordsWithPositions } from "./term-matching";

/**
 * A follow-up read against the previous turn's results (issue 35, item 5): "the second", "only the unread ones",
 * "those from last week", "which of these is the most recent?", "which of these is about Python?", "more like
 * that", "summarise them", in English, German, Spanish and French. It works on those results, never on the
 * whole library: "which of those is the most recent?" searched every article for "recent".
 */
export type FollowUp =
  /** These of the previous results (ids, in the previous order); none when nothing fits. */
  | {
      kind: "pick";
      ids: number[];
      filters: QuestionFilters;
      /** It says it means the previous results ("of those", "only", an ordinal), not only names a filter. */
      pointsBack: boolean;
      /** It opens like the rest of a sentence ("and from this week?", "die von letzter Woche"). */
      elliptical: boolean;
      /** It names words of its own ("which of these is about Python?"). */
      subject: boolean;
    }
  /** Articles like this previous result ("more like that"). */
  | { kind: "similar"; id: number; filters: QuestionFilters }
  /** It points back at a result the previous turn did not have ("the fifth one" after three). */
  | { kind: "unresolved" };

/** A previous result as a follow-up reads it. */
export interface PreviousArticle {
  id: number;
  title: string;
  summary: string;
  /** The start of its text: "which of these is about X" also reads it when no title or summary names X. */
  text?: string;
  isRead: boolean;
  /** Saved at, epoch ms. */
  createdAt: number;
  language?: string | null;
  domain?: string | null;
}

export interface FollowUpContext {
  /** The user's domains, so "those from the Guardian" is a filter (see question-filters). */
  domains: readonly string[];
  now: number;
  /** Minutes east of UTC, for "last week". */
  offsetMinutes?: number;
  /** The question's languages (answers/question-language): their stop and question words name no subject. */
  languages?: readonly string[];
}

/** Words that point back at the previous results: "those", "which of", "only", "davon", "esos", "lesquels". */
const BACK_REFERENCE = new RegExp(
  String.raw`(?<![\p{L}-])(?:` +
    [
      String.raw`those|these|them|ones|which\s+of|only|just`,
      String.raw`davon|diese[nrs]?|denen|nur|sie\s+zusammen|fasse\s+sie`,
      String.raw`esos|esas|estos|estas|ellos|ellas|solo|sólo|solamente|cuál(?:es)?\s+de|resúme(?:los|las)|muéstra(?:me)?(?:los|las)`,
      String.raw`ceux(?:-ci|-là)?|celles(?:-ci|-là)?|lesquel(?:le)?s|lequel|laquelle|seulement|uniquement|\p{L}+-les`,
    ].join("|") +
    String.raw`)(?![\p{L}-])`,
  "iu",
);

/** A question that opens like the rest of a sentence: "and from this week?", "die von letzter Woche", "¿y los...". */
const ELLIPTICAL_START =
  /^[\s¿¡"'«]*(?:and|or|from|und|oder|von|die|der|das|y|o|los|las|el|la|de|et|ou|les|le|ceux|celles)(?![\p{L}])/iu;

/** "the most recent", "der neueste", "el más reciente", "le plus récent"; and the oldest. */
const NEWEST =
  /(?<![\p{L}])(?:most\s+recent(?:ly)?|newest|latest|neueste[nrs]?|aktuellste[nrs]?|jüngste[nrs]?|más\s+recientes?|más\s+nuevos?|(?:le|la)\s+plus\s+récente?|plus\s+récente?s?)(?![\p{L}])/iu;
const OLDEST =
  /(?<![\p{L}])(?:oldest|earliest|älteste[nrs]?|más\s+antigu[oa]s?|más\s+viej[oa]s?|(?:le|la)\s+plus\s+ancien(?:ne)?|plus\s+ancien(?:ne)?s?)(?![\p{L}])/iu;

/** "which of these is about X", "welche davon handeln von X", "cuáles de estos tratan de X", "lesquels parlent de X". */
const ABOUT_WORDS =
  /(?<![\p{L}])(?:(?:is|are)\s+(?:about|on)|(?:talk|talks|deal|deals)\s+(?:about|with)|mention(?:s)?|handel[nt]?\s+von|geht\s+es\s+um|über|trata[n]?\s+(?:de|sobre)|habla[n]?\s+de|sobre|parle(?:nt)?\s+(?:de|des|du)|traite(?:nt)?\s+(?:de|des|du)|sur)\s+(.+?)[\s?.!]*$/iu;

/**
 * Words of a follow-up that ask for something rather than name a subject: request verbs and the like in the four
 * languages ("tell me more", "erzähl", "háblame", "parle-moi"), besides every language's stop words.
 */
const REQUEST_WORDS = new Set(
  (
    "tell show summarise summarize summary explain say says said read give list open more recent newest latest oldest " +
    "earliest first second third fourth fifth last one ones article articles result results week today yesterday " +
    "erzähl erzähle erzählen zeig zeige fasse zusammen steht sagt mehr artikel neueste älteste ersten zweite zweiten " +
    "dritte dritten letzte letzten woche gelesen ungelesenen ungelesene schon " +
    "háblame habla dime dice muestra resume resúmelos explica más artículo artículos primero segundo tercero último " +
    "reciente antiguo semana leí leídos leído ya " +
    "parle parle-moi dis dit montre résume résume-les explique plus article premier deuxième troisième dernier récent " +
    "ancien semaine lus lu déjà ai-je"
  ).split(" "),
);
const FOLLOW_UP_LANGUAGES = ["de", "es", "fr"];

/** The content words a follow-up adds of its own: not stop words of en/de/es/fr or its language, not request words. */
function ownWords(text: string, languages: readonly string[] = []): string[] {
  return queryTerms(text, languages).filter(
    (word) =>
      !REQUEST_WORDS.has(word) &&
      !/^\p{N}+$/u.test(word) &&
      !FOLLOW_UP_LANGUAGES.some((language) => isStopWord(word, language)),
  );
}

/**
 * The previous results about the words: those whose title, summary or text start uses one of them, as the
 * search matches a term (term-matching: a long stem as a prefix, so "Corona" finds "Coronavirus"; inflections by
 * the article language's Snowball stem, so "retraites" finds "retraite").
 */
function aboutWords(
  words: string,
  articles: readonly PreviousArticle[],
  languages: readonly string[] = [],
): PreviousArticle[] {
  const terms = ownWords(words, languages);
  return articles.filter((article) => {
    const matchers = terms.map((term) => termMatcher(term, article.language ? [article.language] : []));
    for (const { word } of wordsWithPositions(`${article.title}\n${article.summary}\n${article.text ?? ""}`)) {
      if (matchers.some((matches) => matches(word))) return true;
    }
    return false;
  });
}

/**
 * Whether a follow-up needs previous results to mean anything: it points back (an ordinal, "that article",
 * "those", "only") or is the rest of a sentence, and names no subject of its own. Asked with no previous results
 * it has nothing to refer to; a question that only names filters ("What did I save last week?") or names a
 * subject ("which of these is about Python?", "only Python articles") is then a question of its own.
 */
export function needsPreviousResults(followUp: FollowUp | null): boolean {
  if (followUp === null) return false;
  if (followUp.kind !== "pick") return true;
  return (followUp.pointsBack || followUp.elliptical) && !followUp.subject;
}

/**
 * What a question means in the light of the previous results, or null when it is a question of its own. A
 * follow-up points back (an ordinal, "that article", "those", "only", "davon", "lesquels", a recency word) or is
 * the rest of a sentence that names no subject ("and from this week?", "die von letzter Woche"). Filters it
 * names (read state, saving time, language, site) narrow the previous results, then an ordinal, a recency
 * word or the words after "about" pick among what is left. A question that only names filters and speaks of
 * articles ("Which articles are in French?") is a new question.
 */
export function resolveFollowUp(
  question: string,
  previous: readonly PreviousArticle[],
  context: FollowUpContext,
): FollowUp | null {
  const { filters, rest } = parseQuestionFilters(question, {
    domains: context.domains,
    now: context.now,
    offsetMinutes: context.offsetMinutes,
  });
  const reference = followUpReference(rest);
  const newest = NEWEST.test(rest);
  const oldest = !newest && OLDEST.test(rest);
  const pointsBack = BACK_REFERENCE.test(rest);
  const about = pointsBack ? ABOUT_WORDS.exec(rest) : null;
  const own = ownWords(rest, context.languages);
  const elliptical = own.length === 0 && ELLIPTICAL_START.test(rest);
  const isFollowUp =
    reference !== null ||
    pointsBack ||
    ((newest || oldest) && own.length === 0) ||
    elliptical ||
    (own.length === 0 && hasFilters(filters) && !/\b(?:articles?|artikel|artículos|pages?)\b/iu.test(rest));
  if (!isFollowUp) return null;

  const kept = previous.filter((article) => matchesFilters(article, filters));
  if (reference?.similar) {
    const id = reference.kind === "that" ? (kept[0] ?? previous[0])?.id : resolveReference(reference, kept);
    return id === undefined || id === null ? { kind: "unresolved" } : { kind: "similar", id, filters };
  }
  if (reference) {
    const id = resolveReference(reference, kept);
    return id === null
      ? { kind: "unresolved" }
      : { kind: "pick", ids: [id], filters, pointsBack: true, elliptical, subject: false };
  }
  let picked = kept;
  const words =
    about?.[1] && ownWords(about[1], context.languages).length > 0 ? about[1] : own.length > 0 ? own.join(" ") : null;
  if (words) picked = aboutWords(words, picked, context.languages);
  if (newest || oldest) {
    const sorted = [...picked].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
    picked = (newest ? sorted.slice(-1) : sorted.slice(0, 1)).filter((a) => a !== undefined);
  }
  return {
    kind: "pick",
    ids: picked.map((a) => a.id),
    filters,
    pointsBack: pointsBack || newest || oldest,
    elliptical,
    subject: words !== null,
  };
}

/**
 * Filters a chat question names in words: a language ("in French", "auf Deutsch", "en español"), a site ("from
 * the Guardian", "on nytimes.com"), a time ("saved last week", "yesterday", "this month") or a read state
 * ("unread", "I haven't read"). The words that said so are taken out of the question, so they are not searched:
 * "Which articles are in French?" lists French articles instead of those that mention "French".
 */
export interface QuestionFilters {
  /** ISO 639-1 code. */
  language?: string;
  /** One of the user's domains. */
  domain?: string;
  /** Saved at or after (epoch ms). */
  since?: number;
  /** Saved before (epoch ms). */
  until?: number;
  isRead?: boolean;
}

export interface ParsedQuestion {
  filters: QuestionFilters;
  /** The question without the words that named the filters. */
  rest: string;
}

/** Language names in English, German, French and Spanish (and the language's own name), by ISO 639-1 code. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: "english englisch anglais inglés ingles",
  de: "german deutsch deutsche deutschen allemand alemán aleman",
  fr: "french französisch franzosisch français francais francés frances",
  es: "spanish spanisch espagnol español espanol castellano",
  it: "italian italienisch italien italiano",
  pt: "portuguese portugiesisch portugais portugués portugues português",
  nl: "dutch niederländisch néerlandais neerlandés nederlands",
  ru: "russian russisch russe ruso русский",
  pl: "polish polnisch polonais polaco polski",
  sv: "swedish schwedisch suédois sueco svenska",
  tr: "turkish türkisch turc turco türkçe",
  zh: "chinese chinesisch chinois chino 中文",
  ja: "japanese japanisch japonais japonés 日本語",
  ko: "korean koreanisch coréen coreano 한국어",
  ar: "arabic arabisch arabe árabe العربية",
};
const LANGUAGE_BY_NAME = new Map(
  Object.entries(LANGUAGE_NAMES).flatMap(([code, names]) => names.split(" ").map((name) => [name, code] as const)),
);
const NAME = `(${[...LANGUAGE_BY_NAME.keys()].sort((a, b) => b.length - a.length).join("|")})`;
/** "in French", "written in German", "auf Deutsch", "en français", "French articles", "articles français". */
const LANGUAGE_PATTERNS = [
  new RegExp(String.raw`(?<![\p{L}])(?:(?:written|are|is)\s+)?(?:in|auf|en)\s+${NAME}(?![\p{L}])`, "giu"),
  new RegExp(String.raw`(?<![\p{L}])${NAME}\s+(?:articles?|pages?|ones|texts?|posts?|stories)(?![\p{L}])`, "giu"),
  new RegExp(String.raw`(?<![\p{L}])(?:articles?|artikel|artículos|articulos)\s+${NAME}(?![\p{L}])`, "giu"),
];

const NOT_READ = String.raw`unread|ungelesen\w*|non[- ]lus?|no\s+leídos?|not\s+(?:yet\s+)?read(?:\s+yet)?|(?:i\s+)?(?:haven'?t|have\s+not|hadn'?t|didn'?t|did\s+not)\s+(?:yet\s+)?(?:read|finished)(?:\s+yet)?|still\s+to\s+read|to\s+read`;
const HAVE_READ = String.raw`already\s+read|(?:i\s+)?(?:have|'ve)\s+(?:already\s+)?read|have\s+i\s+read|i\s+(?:already\s+)?read|(?:that|which)\s+i\s+read|read\s+(?:ones|articles)|gelesen\w*|déjà\s+lus?|ya\s+le[íi](?:d[oa]s?)?|(?:schon|bereits)\s+gelesen`;

/** A span of the question that named a filter, removed from what is searched. */
interface Span {
  from: number;
  to: number;
}

const DAY = 86_400_000;

/**
 * Saving time named in the question, as [since, until) in epoch ms; days start at midnight in the user's time
 * zone (`offsetMinutes` east of UTC), weeks on Monday. "last week" is the calendar week before this one, "the
 * past week" the last 7 days.
 */
function timeRanges(now: number, offsetMinutes: number) {
  const local = now + offsetMinutes * 60_000;
  const today = Math.floor(local / DAY) * DAY - offsetMinutes * 60_000;
  const weekday = (new Date(local).getUTCDay() + 6) % 7;
  const thisWeek = today - weekday * DAY;
  const date = new Date(local);
  const monthStart = (year: number, month: number) => Date.UTC(year, month, 1) - offsetMinutes * 60_000;
  const thisMonth = monthStart(date.getUTCFullYear(), date.getUTCMonth());
  const lastMonth = monthStart(date.getUTCFullYear(), date.getUTCMonth() - 1);
  const thisYear = monthStart(date.getUTCFullYear(), 0);
  const lastYear = monthStart(date.getUTCFullYear() - 1, 0);
  return [
    { words: "today|heute|aujourd'hui|hoy", since: today },
    { words: "yesterday|gestern|hier|ayer", since: today - DAY, until: today },
    { words: "this week|diese woche|dieser woche|cette semaine|esta semana", since: thisWeek },
    {
      words:
        "last week|letzte woche|letzten woche|letzter woche|vergangene woche|vergangenen woche|la semaine dernière|la semana pasada",
      since: thisWeek - 7 * DAY,
      until: thisWeek,
    },
    { words: "(?:in )?the (?:past|last) (?:week|7 days)|(?:in )?the past seven days", since: now - 7 * DAY },
    { words: "this month|diesen monat|diesem monat|ce mois(?:-ci)?|este mes", since: thisMonth },
    {
      words: "last month|letzten monat|letzte monat|le mois dernier|el mes pasado",
      since: lastMonth,
      until: thisMonth,
    },
    { words: "(?:in )?the (?:past|last) month", since: now - 30 * DAY },
    { words: "this year|dieses jahr|dieses jahres|cette année|este año", since: thisYear },
    { words: "last year|letztes jahr|l'année dernière|el año pasado", since: lastYear, until: thisYear },
  ];
}

/** "the Guardian" → "guardian"; "New York Times" → also "nytimes" (initials of all words but the last). */
function siteKeys(phrase: string): string[] {
  const words = phrase
    .toLowerCase()
    .replace(/^the\s+/, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return [];
  const keys = [words.join("")];
  if (words.length > 1)
    keys.push(
      words
        .slice(0, -1)
        .map((w) => w[0])
        .join("") + words.at(-1),
    );
  return keys;
}

/** Whether a site named in words is this domain: "guardian" is theguardian.com, "bbc" bbc.co.uk. */
function siteIsDomain(keys: string[], domain: string): boolean {
  const host = domain.toLowerCase().replace(/^www\./, "");
  const labels = host.split(".");
  const name =
    labels.length > 2 && /^(co|com|org|net|gov|ac)$/.test(labels.at(-2) ?? "") ? labels.at(-3) : labels.at(-2);
  return keys.some((key) => key.length >= 3 && (name === key || name === `the${key}`));
}

/**
 * Reads the filters a question names. `domains` are the user's domains: a site is a filter only when it names
 * one of them ("from the Guardian" with a theguardian.com article), so "from space" stays a search.
 */
export function parseQuestionFilters(
  question: string,
  options: { domains: readonly string[]; now: number; offsetMinutes?: number },
): ParsedQuestion {
  const filters: QuestionFilters = {};
  const spans: Span[] = [];
  const take = (match: RegExpExecArray, from = match.index, to = match.index + match[0].length) =>
    spans.push({ from, to });

  for (const pattern of LANGUAGE_PATTERNS) {
    for (const match of question.matchAll(pattern)) {
      const code = LANGUAGE_BY_NAME.get((match[1] ?? "").toLowerCase());
      if (!code || filters.language) continue;
      filters.language = code;
      take(match);
    }
  }

  const notRead = new RegExp(String.raw`(?<![\p{L}])(?:${NOT_READ})(?![\p{L}])`, "iu").exec(question);
  const haveRead = notRead
    ? null
    : new RegExp(String.raw`(?<![\p{L}])(?:${HAVE_READ})(?![\p{L}])`, "iu").exec(question);
  if (notRead) {
    filters.isRead = false;
    take(notRead);
  } else if (haveRead) {
    filters.isRead = true;
    take(haveRead);
  }

  for (const range of timeRanges(options.now, options.offsetMinutes ?? 0)) {
    const match = new RegExp(
      String.raw`(?<![\p{L}])(?:(?:saved|added|bookmarked|gespeichert|enregistrés?|guardados?)\s+)?(?:${range.words})(?![\p{L}])`,
      "iu",
    ).exec(question);
    if (!match) continue;
    filters.since = range.since;
    if (range.until !== undefined) filters.until = range.until;
    take(match);
    break;
  }

  // A domain written out ("on nytimes.com"), else a site named after from / on / at / by / von / de.
  for (const match of question.matchAll(
    /(?<![\p{L}\p{N}])(?:(?:from|on|at|von|auf|de|sur|en)\s+)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?![\p{L}\p{N}.])/giu,
  )) {
    const written = (match[1] ?? "").toLowerCase().replace(/^www\./, "");
    const domain = options.domains.find((d) => {
      const host = d.toLowerCase().replace(/^www\./, "");
      return host === written || host.endsWith(`.${written}`);
    });
    if (domain) {
      filters.domain = domain;
      take(match);
      break;
    }
  }
  if (!filters.domain) {
    for (const match of question.matchAll(
      /(?<![\p{L}])(?:from|on|at|by|von|bei|de|du|sur|del)\s+((?:the\s+)?[\p{L}\p{N}'’-]+(?:\s+[\p{L}\p{N}'’-]+){0,3})/giu,
    )) {
      // The longest run of words after the preposition that names a domain: "the New York Times about..."
      const words = (match[1] ?? "").split(/\s+/);
      for (let n = words.length; n >= 1 && !filters.domain; n--) {
        const phrase = words.slice(0, n).join(" ");
        const domain = options.domains.find((d) => siteIsDomain(siteKeys(phrase), d));
        if (domain) {
          filters.domain = domain;
          const offset = match[0].length - (match[1] ?? "").length;
          take(match, match.index, match.index + offset + phrase.length);
        }
      }
      if (filters.domain) break;
    }
  }

  let rest = "";
  let at = 0;
  for (const span of spans.sort((a, b) => a.from - b.from)) {
    if (span.from < at) continue;
    rest += `${question.slice(at, span.from)} `;
    at = span.to;
  }
  rest += question.slice(at);
  return { filters, rest: rest.replace(/\s+/g, " ").trim() };
}

/** Whether no filter was named. */
export function hasFilters(filters: QuestionFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

/** The article facts a question's filters look at. */
export interface FilterableArticle {
  isRead: boolean;
  domain?: string | null;
  language?: string | null;
  createdAt: number;
}

/** Whether an article keeps every filter of a question (read state, site, language, saved between since and until). */
export function matchesFilters(article: FilterableArticle, filters: QuestionFilters): boolean {
  if (filters.isRead !== undefined && article.isRead !== filters.isRead) return false;
  if (filters.domain && article.domain !== filters.domain) return false;
  if (filters.language && article.language !== filters.language) return false;
  if (filters.since !== undefined && article.createdAt < filters.since) return false;
  if (filters.until !== undefined && article.createdAt >= filters.until) return false;
  return true;
}

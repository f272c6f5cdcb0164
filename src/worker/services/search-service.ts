import type { ArticleTagsRepository } from "../db/repositories/article-tags-repository";
import type { ArticleSummaryRecord, ArticlesRepository } from "../db/repositories/articles-repository";
import type { SearchRepository, SearchTurn } from "../db/repositories/search-repository";
import type { TopicsRepository } from "../db/repositories/topics-repository";
import { type ChatPhrases, chatPhrases, type FilterPart, languageName } from "../domain/answers/chat-phrases";
import {
  type AnswerSource,
  extractiveAnswer,
  type GroundedAnswer,
  nothingFound,
} from "../domain/answers/grounded-answer";
import {
  type AnswerLanguage,
  isAnswerLanguage,
  questionLanguage,
  questionWordLanguages,
} from "../domain/answers/question-language";
import { decodeInSpace, spaceOf } from "../domain/embedding/vector-encoding";
import { NotFound } from "../domain/errors";
import { decodeEntities } from "../domain/extraction/strings";
import {
  aboveRelevanceFloor,
  chatFtsQuery,
  type Fit,
  hybridScore,
  matchRelevance,
  queryTerms,
  questionCoverage,
  termWeight,
  typicalSimilarity,
} from "../domain/search/chat-query";
import { noneFitsNotice, offeredSearch } from "../domain/search/follow-up-notices";
import { followUpReference } from "../domain/search/follow-up-reference";
import { needsPreviousResults, resolveFollowUp } from "../domain/search/follow-up-resolver";
import { suggestFollowUps } from "../domain/search/follow-up-suggestions";
import {
  type ExplainableArticle,
  explainMatch,
  mentionsAnyTerm,
  textAroundFirstTerm,
} from "../domain/search/match-explanation";
import {
  hasFilters,
  matchesFilters,
  parseQuestionFilters,
  type QuestionFilters,
} from "../domain/search/question-filters";
import type { Embedder } from "../ports/embedder";
import type { LanguageModel } from "../ports/language-model";
import type { VectorIndex } from "../ports/vector-index";
import { toArticleJson } from "./article-json";
import { SEMANTIC_FEATURES_OFF } from "./related-service";

/** Turns a session remembers; older ones no longer shape follow-up questions. */
export const MAX_TURNS = 5;
/** The question's words the full-text query reads (chat-query's chatFtsQuery), and so the words a match counts. */
const MAX_TERMS = 12;
/** Candidates taken from each signal (full text, vectors) before they are merged and ranked. */
const CANDIDATES = 50;
/**
 * The full-text query adds a term's forms in this many of the library's languages (most articles first): each
 * language adds up to 9 phrases per term.
 */
const LIBRARY_LANGUAGES = 3;
const MAX_SUGGESTIONS = 4;
/**
 * Only the start of an article's text is read for its explanation (and the whole only when its words occur
 * further in): stored articles run to hundreds of KB, and reading ten whole ones was a large part of a
 * search's time.
 */
const EXPLANATION_TEXT_CHARS = 4_000;
/** How much of each previous result's text "which of these is about X" reads, beyond its title and summary. */
const FOLLOW_UP_TEXT_CHARS = 2_000;
/** How much of the reader's notes and highlights an explanation reads around the first term. */
const NOTES_TEXT_CHARS = 600;

export interface ChatRequest {
  query: string;
  sessionId?: string;
  limit: number;
  filters: { domain?: string; is_read?: boolean; language?: string };
  /** Minutes east of UTC, for days named in the question ("yesterday"); UTC when not given. */
  timezoneOffset?: number;
  /** The reader's interface (browser) language, a BCP 47 tag: a hint of the question's language. */
  interfaceLanguage?: string;
}

/** A result as ranked: its relevance and how it fits the question (chat-query's matchRelevance). */
interface RankedResult {
  article: ArticleSummaryRecord;
  score: number;
  fit: Fit;
}

interface SearchDeps {
  search: SearchRepository;
  /** For the library's mean embedding, stored by the topics run. */
  topics: Pick<TopicsRepository, "libraryMean">;
  articles: ArticlesRepository;
  /** Each result carries its article's tags, as in the article list. */
  tags?: Pick<ArticleTagsRepository, "ofArticles">;
  embedder: Embedder;
  vectorIndex: VectorIndex;
  languageModel: LanguageModel;
  now?: () => number;
}

/**
 * Chat search over one user's library: full-text (FTS5, bm25) and vector similarity merged into one
 * relevance in [0, 1], an explanation per result, follow-up suggestions, and a session so that a follow-up
 * question ("only the unread ones") builds on the previous one.
 */
export function createSearchService({
  search,
  topics,
  articles,
  tags,
  embedder,
  vectorIndex,
  languageModel,
  now = Date.now,
}: SearchDeps) {
  async function requireSession(userId: number, sessionId: string) {
    const session = await search.findSession(userId, sessionId);
    if (!session) throw new NotFound("Search session not found");
    return session;
  }

  return {
    async createSession(userId: number) {
      return { session_id: await search.createSession(userId, now()) };
    },

    async clearSession(userId: number, sessionId: string) {
      if (!(await search.deleteSession(userId, sessionId))) throw new NotFound("Search session not found");
      return { session_id: sessionId, cleared: true };
    },

    async chat(userId: number, request: ChatRequest) {
      const started = performance.now();
      const session = request.sessionId ? await requireSession(userId, request.sessionId) : undefined;
      const previous = session?.turns.at(-1);
      // The answer and every word of the chat around it are in the question's language (answers/question-language).
      const language = questionLanguage(request.query, {
        earlier: session?.turns.flatMap((turn) => (turn.language ? [turn.language] : [])),
        interfaceLanguage: request.interfaceLanguage,
      });
      const phrases = chatPhrases(language);
      const asked = await readQuestion(userId, request, previous, language);
      const { searched, terms, filters } = asked;
      const notices: string[] = [];

      // A follow-up that points back at one of the previous results shows that result, explained by the
      // question that found it; "more like it" searches by that article's own vector and title.
      let ranked: RankedResult[];
      let candidates: ArticleSummaryRecord[] = [];
      let similarity = new Map<number, number>();
      let rank = new Map<number, number>();
      if (asked.unresolved) {
        ranked = [];
      } else if (asked.picked) {
        // A follow-up that picks among the previous results ("the second", "only the unread ones", "the most
        // recent") shows those, with the relevance they had.
        ranked = asked.picked;
      } else if (terms.length === 0 && !asked.similar && hasFilters(filters)) {
        // "Which articles are in French?": the filter is the whole question, so every article that passes it
        // matches fully, newest first.
        candidates = await articles.findManyByIds(userId, await search.filteredIds(userId, filters, request.limit));
        ranked = candidates
          .map((article) => ({ article, score: 1, fit: "match" as const }))
          .sort((a, b) => b.article.createdAt - a.article.createdAt || b.article.id - a.article.id);
      } else {
        const libraryLanguages = await search.languages(userId, LIBRARY_LANGUAGES);
        const ftsQuery = chatFtsQuery(userId, terms, libraryLanguages);
        const exclude = asked.referenced ? [String(asked.referenced.id)] : [];
        // One query per word of the question: which of them each text match uses, over its whole indexed text,
        // and how rare each is in the library, for the share of the question it covers ("% match").
        const termQueries = terms
          .slice(0, MAX_TERMS)
          .flatMap((term) => chatFtsQuery(userId, [term], libraryLanguages) ?? []);
        // A model or vector index error (429 at the rate limit, capacity, timeout, an outage) never fails the
        // search: it goes on with full text alone and says so.
        const [textHits, { vector, vectorHits }, storedMean, termDocuments] = await Promise.all([
          ftsQuery ? search.ftsCandidates(ftsQuery, CANDIDATES + exclude.length) : Promise.resolve([]),
          // The question's subject words, not its question words: "Welche Artikel handeln von" brought a cider
          // article that says "welche Artikel handeln" close in meaning too.
          queryVector(userId, terms.length > 0 ? terms.join(" ") : searched, asked.referenced?.id)
            .then(async (vector) => ({
              vector,
              vectorHits: vector
                ? await vectorIndex.query(userId, vector, { topK: CANDIDATES, excludeIds: exclude })
                : [],
            }))
            .catch(async (error: unknown) => {
              console.error("Search by meaning failed; full text only", error);
              // Not "right now" when this build's embedder cannot embed at all: say why (issue 31 item 6).
              const problem = (await embedder.unavailableReason?.()) ?? null;
              notices.push(problem ? `${SEMANTIC_FEATURES_OFF} ${problem}` : phrases.meaningUnavailable);
              return { vector: undefined, vectorHits: [] };
            }),
          topics.libraryMean(userId),
          search.termDocuments(userId, termQueries),
        ]);
        rank = new Map(textHits.filter((hit) => !exclude.includes(String(hit.id))).map((hit) => [hit.id, hit.rank]));
        similarity = new Map(vectorHits.map((hit) => [Number(hit.id), hit.score]));
        const termWeights = termDocuments.documents.map((documents) => termWeight(documents, termDocuments.total));
        const bestFts = Math.min(0, ...rank.values());
        const bestVector = Math.max(0, ...vectorHits.map((h) => h.score));
        const typicalVector = vector
          ? typicalSimilarity({
              query: vector,
              scores: vectorHits.map((h) => h.score),
              wholeLibrary: vectorHits.length < CANDIDATES,
              libraryMean: decodeInSpace(storedMean, spaceOf(embedder.name)),
            })
          : undefined;
        const [found, termsUsed] = await Promise.all([
          articles.findManyByIds(userId, [...new Set([...rank.keys(), ...similarity.keys()])]),
          search.termsUsed(termQueries, [...rank.keys()]),
        ]);
        candidates = found;
        const scored = candidates
          .filter((article) => matchesFilters(article, filters))
          .map((article) => {
            const evidence = {
              fts: rank.get(article.id),
              bestFts,
              vector: similarity.get(article.id),
              bestVector,
              typicalVector,
              chanceVector: embedder.chanceSimilarity,
            };
            // "More like that" is about the article it points at, not its title's words: ranked by meaning and
            // words together as before, and all of it fits.
            if (asked.similar) return { article, score: hybridScore(evidence), fit: "match" as const };
            const coverage = questionCoverage(termsUsed.get(article.id) ?? [], termWeights);
            return { article, ...matchRelevance({ ...evidence, coverage }) };
          })
          .filter((r) => r.score > 0)
          .sort(
            (a, b) =>
              fitOrder(a.fit) - fitOrder(b.fit) || b.score - a.score || b.article.createdAt - a.article.createdAt,
          );
        ranked = aboveRelevanceFloor(scored);
      }
      const shown = ranked.slice(0, request.limit);

      // Explanations need the text where the terms occur: the start of each shown article is read, and the
      // whole of the few full-text matches whose terms only occur further in.
      const starts = await search.textStarts(
        userId,
        shown.map((r) => r.article.id),
        EXPLANATION_TEXT_CHARS,
      );
      const explained: (ExplainableArticle & { id: number })[] = shown.map((r) => ({
        id: r.article.id,
        title: r.article.title ?? "",
        summary: r.article.summary ?? "",
        text: plainText(starts.get(r.article.id) ?? ""),
        similarity: similarity.get(r.article.id),
        language: r.article.language,
      }));
      const matchedFurtherIn = explained.filter((a) => rank.has(a.id) && !mentionsAnyTerm(terms, a));
      if (matchedFurtherIn.length > 0) {
        const whole = await search.textStarts(
          userId,
          matchedFurtherIn.map((a) => a.id),
          Number.MAX_SAFE_INTEGER,
        );
        for (const article of matchedFurtherIn) {
          const around = textAroundFirstTerm(
            terms,
            plainText(whole.get(article.id) ?? ""),
            EXPLANATION_TEXT_CHARS,
            article.language,
          );
          if (around) article.text = around;
        }
      }
      // Found by the reader's own words (a note, a highlight): the explanation quotes those.
      const inNotesOnly = explained.filter((a) => rank.has(a.id) && !mentionsAnyTerm(terms, a));
      if (inNotesOnly.length > 0) {
        const notes = await search.annotationTexts(
          userId,
          inNotesOnly.map((a) => a.id),
        );
        for (const article of inNotesOnly) {
          const around = textAroundFirstTerm(terms, notes.get(article.id) ?? "", NOTES_TEXT_CHARS, article.language);
          if (around) article.notes = around;
        }
      }
      const toExplain = explained.map(({ id: _id, ...article }) => article);
      const explanations =
        terms.length === 0
          ? shown.map(() => (hasFilters(filters) ? filterExplanation(filters, phrases, language) : phrases.picked))
          : await languageModel
              .explainMatches({ query: searched, terms, language, articles: toExplain })
              .catch(async (error: unknown) => {
                console.error("Match explanations failed; term-based ones instead", error);
                notices.push(phrases.explanationsUnavailable);
                return explainByTerms(terms, toExplain, language);
              });
      const answer = await answerAbove(request.query, asked, shown, explained, language, notices);
      // What went without a model or the index makes the reply `degraded`; a follow-up with nothing to follow is
      // no fault, only said.
      const said = asked.unresolved ? [...notices, asked.unresolved] : notices;

      if (session) {
        const turn: SearchTurn = {
          query: request.query,
          effectiveQuery: searched,
          resultIds: shown.map((r) => r.article.id),
          scores: shown.map((r) => r.score),
          fits: shown.map((r) => r.fit),
          at: now(),
          filters,
          language,
        };
        await search.saveTurns(userId, session.id, [...session.turns, turn].slice(-MAX_TURNS), now());
      }
      const tagsOf = tags
        ? await tags.ofArticles(
            userId,
            shown.map((r) => r.article.id),
          )
        : new Map<number, string[]>();
      const suggestions = asked.unresolved
        ? asked.offer
          ? [asked.offer]
          : []
        : suggestFollowUps(
            asked.referenced ? [...terms, ...queryTerms(asked.referenced.title ?? "")] : terms,
            shown.map((r) => ({
              title: r.article.title ?? "",
              summary: r.article.summary ?? "",
              language: r.article.language,
            })),
            MAX_SUGGESTIONS,
            language,
          );
      return {
        results: shown.map((r, i) => ({
          article: toArticleJson(r.article, tagsOf.get(r.article.id)),
          relevance_score: r.score,
          fit: r.fit,
          match_explanation: explanations[i] ?? "",
        })),
        total_found: ranked.length,
        search_time_ms: Math.round(performance.now() - started),
        suggestions,
        session_id: session?.id ?? null,
        effective_query: searched,
        applied_filters: appliedFilters(filters),
        refers_to: asked.referenced?.id ?? null,
        language,
        answer: answer && {
          text: answer.text,
          found: answer.found,
          citations: answer.citations.flatMap((number) => {
            const result = shown[number - 1];
            return result ? [{ number, article_id: result.article.id }] : [];
          }),
        },
        degraded: notices.length > 0,
        notice: said.length > 0 ? said.join(" ") : null,
      };
    },
  };

  /**
   * What the question asks, in the light of the previous turn: the filters it names (or the request sets),
   * the result it points back at, and the words to search. A follow-up with no words of its own ("only the
   * unread ones", "which of those are in French") searches the previous query with the previous filters and its
   * own; any other question searches its own words only, never glued to the previous one. A follow-up with no
   * previous results to follow searches nothing: it says so and offers a search.
   */
  async function readQuestion(
    userId: number,
    request: ChatRequest,
    previous: SearchTurn | undefined,
    language: AnswerLanguage,
  ): Promise<AskedQuestion> {
    const phrases = chatPhrases(language);
    const domains = await search.domains(userId);
    const parsed = parseQuestionFilters(request.query, {
      domains,
      now: now(),
      offsetMinutes: request.timezoneOffset,
    });
    const requested: QuestionFilters = {
      language: request.filters.language?.toLowerCase(),
      domain: request.filters.domain?.toLowerCase(),
      isRead: request.filters.is_read,
    };
    const filters = mergeFilters(parsed.filters, requested);
    const wordLanguages = questionWordLanguages(request.query, language);
    const asked: AskedQuestion = {
      searched: parsed.rest || request.query.trim(),
      terms: queryTerms(parsed.rest, wordLanguages),
      filters,
    };
    const context = { domains, now: now(), offsetMinutes: request.timezoneOffset, languages: wordLanguages };
    if (!previous || previous.resultIds.length === 0) {
      // "tell me more about the first one" after a question that found nothing: there is no first one, and
      // "first" is no subject to search the library for.
      if (!needsPreviousResults(resolveFollowUp(request.query, [], context))) return asked;
      const reference = followUpReference(parsed.rest);
      const subject = reference?.kind === "about" ? queryTerms(reference.words, wordLanguages).join(" ") : null;
      return {
        searched: request.query.trim(),
        terms: [],
        filters: {},
        unresolved: phrases.nothingToReferTo,
        offer: offeredSearch(request.query, parsed.filters, phrases, subject || null),
      };
    }

    const found = await articles.findManyByIds(userId, previous.resultIds);
    const byId = new Map(found.map((a) => [a.id, a]));
    const inOrder = previous.resultIds.flatMap((id) => byId.get(id) ?? []);
    const starts = await search.textStarts(
      userId,
      inOrder.map((a) => a.id),
      FOLLOW_UP_TEXT_CHARS,
    );
    const followUp = resolveFollowUp(
      request.query,
      inOrder.map((a) => ({
        id: a.id,
        title: a.title ?? "",
        summary: a.summary ?? "",
        text: plainText(starts.get(a.id) ?? ""),
        isRead: a.isRead,
        createdAt: a.createdAt,
        language: a.language,
        domain: a.domain,
      })),
      context,
    );
    if (!followUp) return asked;
    // The previous question's words, read in its own language.
    const previousTerms = (searched: string) =>
      queryTerms(searched, isAnswerLanguage(previous.language) ? [previous.language] : []);
    const inherited = mergeFilters(
      previous.filters ?? {},
      mergeFilters(followUp.kind === "unresolved" ? {} : followUp.filters, requested),
    );
    if (followUp.kind === "similar") {
      const referenced = byId.get(followUp.id);
      const searched = referenced?.title ?? previous.effectiveQuery;
      return {
        searched,
        terms: previousTerms(searched),
        filters: mergeFilters(followUp.filters, requested),
        referenced,
        similar: true,
      };
    }
    const searched = previous.effectiveQuery;
    // "and in French?" after "Which articles are in English?" replaces a filter rather than narrowing by it: the
    // previous question is asked again with the new one, as a new search ("which of those are in French?" narrows).
    if (followUp.kind === "pick" && !followUp.pointsBack && replacesFilter(previous.filters ?? {}, followUp.filters)) {
      return { searched, terms: previousTerms(searched), filters: inherited };
    }
    if (followUp.kind === "unresolved") {
      return { searched, terms: [], filters: {}, unresolved: phrases.pointsPast(inOrder.length) };
    }
    const previousScore = new Map(
      previous.resultIds.map((id, i) => [id, { score: previous.scores?.[i] ?? 1, fit: previous.fits?.[i] ?? "match" }]),
    );
    // The one result a follow-up points at is what it asks about, whatever it was to the question before.
    const picked = followUp.ids.flatMap((id) => {
      const article = byId.get(id);
      const before = previousScore.get(id);
      const fit = followUp.ids.length === 1 ? "match" : (before?.fit ?? "match");
      return article && before ? [{ article, score: before.score, fit }] : [];
    });
    return {
      searched,
      terms: previousTerms(searched),
      filters: inherited,
      picked,
      referenced: picked.length === 1 ? picked[0]?.article : undefined,
      ...(picked.length === 0
        ? { unresolved: noneFitsNotice(phrases, language, followUp.filters, inOrder, request.timezoneOffset) }
        : {}),
    };
  }

  /**
   * The short answer above the cards (issue 35, item 6), in the question's language: from the shown results
   * that fit the question, each sentence citing its result. None for a question that names only filters and
   * lists several articles (the cards are the answer) or a follow-up that pointed at nothing. "I found nothing
   * about that" only when no shown result fits, never above results that do: the header and the answer never
   * contradict each other. A model that fails leaves the cards alone, with a notice.
   */
  async function answerAbove(
    query: string,
    asked: AskedQuestion,
    shown: RankedResult[],
    sources: AnswerSource[],
    language: AnswerLanguage,
    notices: string[],
  ): Promise<GroundedAnswer | null> {
    if (asked.unresolved) return null;
    if (shown.length === 0) return asked.terms.length > 0 ? nothingFound(language) : null;
    if (asked.terms.length === 0 && shown.length > 1) return null;
    // Only the results that fit are read: a close one is shown under its own heading, never quoted as an answer.
    const fitting = sources.filter((_, i) => shown[i]?.fit === "match");
    if (fitting.length === 0) return nothingFound(language);
    // A follow-up's own words ("the second one") say little: the model also reads what was asked before.
    const question = asked.picked || asked.similar ? `${query} (${asked.searched})` : query;
    const answer = await languageModel
      .answerQuestion({ question, terms: asked.terms, language, sources: fitting })
      .catch((error: unknown) => {
        console.error("The chat's answer failed; the cards alone", error);
        notices.push(chatPhrases(language).answerUnavailable);
        return null;
      });
    if (!answer || answer.found) return answer;
    // No sentence of the fitting results answers in so many words: the one article a follow-up points at is
    // summed up by its opening; above several, the cards speak for themselves.
    const [only] = fitting;
    return fitting.length === 1 && asked.referenced && only
      ? extractiveAnswer({ question, terms: [], language, sources: [only] })
      : null;
  }

  /** The question's vector, or for "more like it" the referenced article's stored one. */
  async function queryVector(userId: number, text: string, articleId: number | undefined) {
    if (articleId !== undefined) {
      const [stored] = await vectorIndex.getVectors(userId, [String(articleId)]);
      if (stored) return stored.vector;
    }
    const [vector] = await embedder.embed([text]);
    return vector;
  }
}

/** What a question asks, read in the light of the previous turn (see `readQuestion`). */
interface AskedQuestion {
  /** The words searched (the previous question's for a follow-up). */
  searched: string;
  terms: string[];
  filters: QuestionFilters;
  /** The previous result a follow-up points at (one picked, or the one "more like" is about). */
  referenced?: ArticleSummaryRecord;
  /** "More like that": search by the referenced article. */
  similar?: boolean;
  /** The previous results a follow-up picks, with their relevance and fit. */
  picked?: RankedResult[];
  /** Why nothing is shown: the follow-up points at nothing (the notice, in the answer's language). */
  unresolved?: string;
  /** A question offered instead of a follow-up with nothing to refer to ("Articles from last week"). */
  offer?: string | null;
}

/** Filters the request sets win over those the question names. */
function mergeFilters(base: QuestionFilters, over: QuestionFilters): QuestionFilters {
  const merged: QuestionFilters = { ...base };
  for (const [key, value] of Object.entries(over) as [keyof QuestionFilters, never][]) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** Whether a follow-up names a filter the previous turn had with another value (another language, week or site). */
function replacesFilter(previous: QuestionFilters, followUp: QuestionFilters): boolean {
  return (Object.keys(followUp) as (keyof QuestionFilters)[]).some(
    (key) => followUp[key] !== undefined && previous[key] !== undefined && previous[key] !== followUp[key],
  );
}

/** The filters in the response, dates as ISO strings (null when not set). */
function appliedFilters(filters: QuestionFilters) {
  const iso = (at: number | undefined) => (at === undefined ? null : new Date(at).toISOString());
  return {
    language: filters.language ?? null,
    domain: filters.domain ?? null,
    saved_since: iso(filters.since),
    saved_before: iso(filters.until),
    is_read: filters.isRead ?? null,
  };
}

/** Why an article of a filter-only question is listed: "Matches what you asked for: in French, unread." */
function filterExplanation(filters: QuestionFilters, phrases: ChatPhrases, language: AnswerLanguage): string {
  const parts: FilterPart[] = [];
  if (filters.language) parts.push({ kind: "language", name: languageName(filters.language, language) });
  if (filters.domain) parts.push({ kind: "site", domain: filters.domain });
  if (filters.since !== undefined || filters.until !== undefined) parts.push({ kind: "time" });
  if (filters.isRead !== undefined) parts.push({ kind: "read", isRead: filters.isRead });
  return phrases.matchesFilters(parts);
}

/** Results that fit the question come first, close ones after, under their own heading. */
function fitOrder(fit: Fit): number {
  return fit === "match" ? 0 : 1;
}

/** The local explanations, when the model's failed. */
function explainByTerms(terms: string[], articles: ExplainableArticle[], language: AnswerLanguage): string[] {
  return articles.map((article) => explainMatch(terms, article, language));
}

/**
 * `search_text` as plain text. Articles processed before migration 0011 hold their HTML there (our own
 * sanitised markup, which always starts with a tag): its tags become spaces (one cut off at the end is dropped)
 * and entities are decoded. Text written by processing is returned as it is.
 */
function plainText(stored: string): string {
  if (!stored.startsWith("<")) return stored;
  return decodeEntities(stored.replace(/<[^>]*$/, "").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

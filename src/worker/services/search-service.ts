import type { ArticleTagsRepository } from "../db/repositories/article-tags-repository";
import type { ArticleSummaryRecord, ArticlesRepository } from "../db/repositories/articles-repository";
import type { SearchRepository, SearchTurn } from "../db/repositories/search-repository";
import type { TopicsRepository } from "../db/repositories/topics-repository";
import { type AnswerSource, type GroundedAnswer, nothingFound } from "../domain/answers/grounded-answer";
import { questionLanguage } from "../domain/answers/question-language";
import { decodeInSpace, spaceOf } from "../domain/embedding/vector-encoding";
import { NotFound } from "../domain/errors";
import { decodeEntities } from "../domain/extraction/strings";
import {
  aboveRelevanceFloor,
  chatFtsQuery,
  hybridScore,
  queryTerms,
  typicalSimilarity,
} from "../domain/search/chat-query";
import { resolveFollowUp } from "../domain/search/follow-up-resolver";
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
/** Why a result a follow-up picked is shown when the question before it had no words to explain it by. */
const PICKED_EXPLANATION = "One of the results of your previous question.";
/** How much of each previous result's text "which of these is about X" reads, beyond its title and summary. */
const FOLLOW_UP_TEXT_CHARS = 2_000;
/** The notice of a follow-up that leaves none of the previous results ("only the unread ones" when all are read). */
export const NONE_OF_THOSE = "None of your previous results fits that.";
/** How much of the reader's notes and highlights an explanation reads around the first term. */
const NOTES_TEXT_CHARS = 600;

/** What the response's `notice` says when a model or the vector index failed and search did without it. */
export const MEANING_UNAVAILABLE =
  "Search by meaning is unavailable right now, so these results only match your words.";
export const ANSWER_UNAVAILABLE = "No written answer this time: the language model is unavailable right now.";
export const EXPLANATIONS_UNAVAILABLE =
  "The explanations are based on matching words: the language model is unavailable right now.";

export interface ChatRequest {
  query: string;
  sessionId?: string;
  limit: number;
  filters: { domain?: string; is_read?: boolean; language?: string };
  /** Minutes east of UTC, for days named in the question ("yesterday"); UTC when not given. */
  timezoneOffset?: number;
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
      const asked = await readQuestion(userId, request, previous);
      const { searched, terms, filters } = asked;
      const notices: string[] = [];

      // A follow-up that points back at one of the previous results shows that result, explained by the
      // question that found it; "more like it" searches by that article's own vector and title.
      let ranked: { article: ArticleSummaryRecord; score: number }[];
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
          .map((article) => ({ article, score: 1 }))
          .sort((a, b) => b.article.createdAt - a.article.createdAt || b.article.id - a.article.id);
      } else {
        const ftsQuery = chatFtsQuery(userId, terms, await search.languages(userId, LIBRARY_LANGUAGES));
        const exclude = asked.referenced ? [String(asked.referenced.id)] : [];
        // A model or vector index error (429 at the rate limit, capacity, timeout, an outage) never fails the
        // search: it goes on with full text alone and says so.
        const [textHits, { vector, vectorHits }, storedMean] = await Promise.all([
          ftsQuery ? search.ftsCandidates(ftsQuery, CANDIDATES + exclude.length) : Promise.resolve([]),
          queryVector(userId, searched, asked.referenced?.id)
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
              notices.push(problem ? `${SEMANTIC_FEATURES_OFF} ${problem}` : MEANING_UNAVAILABLE);
              return { vector: undefined, vectorHits: [] };
            }),
          topics.libraryMean(userId),
        ]);
        rank = new Map(textHits.filter((hit) => !exclude.includes(String(hit.id))).map((hit) => [hit.id, hit.rank]));
        similarity = new Map(vectorHits.map((hit) => [Number(hit.id), hit.score]));
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
        candidates = await articles.findManyByIds(userId, [...new Set([...rank.keys(), ...similarity.keys()])]);
        const scored = candidates
          .filter((article) => matchesFilters(article, filters))
          .map((article) => ({
            article,
            score: hybridScore({
              fts: rank.get(article.id),
              bestFts,
              vector: similarity.get(article.id),
              bestVector,
              typicalVector,
              chanceVector: embedder.chanceSimilarity,
            }),
          }))
          .filter((r) => r.score > 0)
          .sort((a, b) => b.score - a.score || b.article.createdAt - a.article.createdAt);
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
          ? shown.map(() => (hasFilters(filters) ? filterExplanation(filters) : PICKED_EXPLANATION))
          : await languageModel.explainMatches({ query: searched, articles: toExplain }).catch((error: unknown) => {
              console.error("Match explanations failed; term-based ones instead", error);
              notices.push(EXPLANATIONS_UNAVAILABLE);
              return toExplain.map((article) => explainMatch(terms, article));
            });
      if (asked.unresolved) notices.push(asked.unresolved);
      const answer = await answerAbove(request.query, asked, shown.length, explained, notices);

      if (session) {
        const turn: SearchTurn = {
          query: request.query,
          effectiveQuery: searched,
          resultIds: shown.map((r) => r.article.id),
          scores: shown.map((r) => r.score),
          at: now(),
          filters,
        };
        await search.saveTurns(userId, session.id, [...session.turns, turn].slice(-MAX_TURNS), now());
      }
      const tagsOf = tags
        ? await tags.ofArticles(
            userId,
            shown.map((r) => r.article.id),
          )
        : new Map<number, string[]>();
      return {
        results: shown.map((r, i) => ({
          article: toArticleJson(r.article, tagsOf.get(r.article.id)),
          relevance_score: r.score,
          match_explanation: explanations[i] ?? "",
        })),
        total_found: ranked.length,
        search_time_ms: Math.round(performance.now() - started),
        suggestions: suggestFollowUps(
          asked.referenced ? [...terms, ...queryTerms(asked.referenced.title ?? "")] : terms,
          shown.map((r) => ({
            title: r.article.title ?? "",
            summary: r.article.summary ?? "",
            language: r.article.language,
          })),
          MAX_SUGGESTIONS,
        ),
        session_id: session?.id ?? null,
        effective_query: searched,
        applied_filters: appliedFilters(filters),
        refers_to: asked.referenced?.id ?? null,
        answer: answer && {
          text: answer.text,
          found: answer.found,
          citations: answer.citations.flatMap((number) => {
            const result = shown[number - 1];
            return result ? [{ number, article_id: result.article.id }] : [];
          }),
        },
        degraded: notices.length > 0,
        notice: notices.length > 0 ? notices.join(" ") : null,
      };
    },
  };

  /**
   * What the question asks, in the light of the previous turn: the filters it names (or the request sets),
   * the result it points back at, and the words to search. A follow-up with no words of its own ("only the
   * unread ones", "which of those are in French") searches the previous query with the previous filters and its
   * own; any other question searches its own words only, never glued to the previous one.
   */
  async function readQuestion(userId: number, request: ChatRequest, previous: SearchTurn | undefined) {
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
    const asked: AskedQuestion = {
      searched: parsed.rest || request.query.trim(),
      terms: queryTerms(parsed.rest),
      filters,
    };
    if (!previous || previous.resultIds.length === 0) return asked;

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
      { domains, now: now(), offsetMinutes: request.timezoneOffset },
    );
    if (!followUp) return asked;
    const inherited = mergeFilters(
      previous.filters ?? {},
      mergeFilters(followUp.kind === "unresolved" ? {} : followUp.filters, requested),
    );
    if (followUp.kind === "similar") {
      const referenced = byId.get(followUp.id);
      const searched = referenced?.title ?? previous.effectiveQuery;
      return {
        searched,
        terms: queryTerms(searched),
        filters: mergeFilters(followUp.filters, requested),
        referenced,
        similar: true,
      };
    }
    const searched = previous.effectiveQuery;
    // "and in French?" after "Which articles are in English?" replaces a filter rather than narrowing by it: the
    // previous question is asked again with the new one, as a new search ("which of those are in French?" narrows).
    if (followUp.kind === "pick" && !followUp.pointsBack && replacesFilter(previous.filters ?? {}, followUp.filters)) {
      return { searched, terms: queryTerms(searched), filters: inherited };
    }
    if (followUp.kind === "unresolved") {
      return {
        searched,
        terms: [],
        filters: {},
        unresolved: "That does not point at any result of your previous question.",
      };
    }
    const scoreOf = new Map(previous.resultIds.map((id, i) => [id, previous.scores?.[i] ?? 1]));
    const picked = followUp.ids.flatMap((id) => {
      const article = byId.get(id);
      return article ? [{ article, score: scoreOf.get(id) ?? 1 }] : [];
    });
    return {
      searched,
      terms: queryTerms(searched),
      filters: inherited,
      picked,
      referenced: picked.length === 1 ? picked[0]?.article : undefined,
      ...(picked.length === 0 ? { unresolved: NONE_OF_THOSE } : {}),
    };
  }

  /**
   * The short answer above the cards (issue 35, item 6), in the question's language: from the shown results'
   * sentences, each citing its result. None for a question that names only filters and lists several articles
   * (the cards are the answer) or a follow-up that pointed at nothing; "I found nothing about that" when a
   * question with words found nothing. A model that fails leaves the cards alone, with a notice.
   */
  async function answerAbove(
    query: string,
    asked: AskedQuestion,
    shownCount: number,
    sources: AnswerSource[],
    notices: string[],
  ): Promise<GroundedAnswer | null> {
    const language = questionLanguage(query);
    if (asked.unresolved) return null;
    if (shownCount === 0) return asked.terms.length > 0 ? nothingFound(language) : null;
    if (asked.terms.length === 0 && shownCount > 1) return null;
    // A follow-up's own words ("the second one") say little: the model also reads what was asked before.
    const question = asked.picked || asked.similar ? `${query} (${asked.searched})` : query;
    return languageModel.answerQuestion({ question, terms: asked.terms, language, sources }).catch((error: unknown) => {
      console.error("The chat's answer failed; the cards alone", error);
      notices.push(ANSWER_UNAVAILABLE);
      return null;
    });
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
  /** The previous results a follow-up picks, with their relevance. */
  picked?: { article: ArticleSummaryRecord; score: number }[];
  /** Why nothing is shown: the follow-up points at nothing. */
  unresolved?: string;
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

/** Why an article of a filter-only question is listed: "Matches your filters: in French, unread." */
function filterExplanation(filters: QuestionFilters): string {
  const parts: string[] = [];
  if (filters.language) parts.push(`in ${languageName(filters.language)}`);
  if (filters.domain) parts.push(`from ${filters.domain}`);
  if (filters.since !== undefined || filters.until !== undefined) parts.push("saved in the time you asked about");
  if (filters.isRead !== undefined) parts.push(filters.isRead ? "already read" : "unread");
  return `Matches what you asked for: ${parts.join(", ")}.`;
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
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

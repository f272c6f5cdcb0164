import type { ArticlesRepository } from "../db/repositories/articles-repository";
import type { SearchRepository, SearchTurn } from "../db/repositories/search-repository";
import type { TopicsRepository } from "../db/repositories/topics-repository";
import { labelTokens } from "../domain/clustering/keyphrases";
import { decodeInSpace, spaceOf } from "../domain/embedding/vector-encoding";
import { NotFound } from "../domain/errors";
import { decodeEntities } from "../domain/extraction/strings";
import {
  chatFtsQuery,
  effectiveQuery,
  hybridScore,
  queryTerms,
  readFilterFromQuery,
  typicalSimilarity,
} from "../domain/search/chat-query";
import { suggestFollowUps } from "../domain/search/follow-up-suggestions";
import { explainMatch, mentionsAnyTerm, textAroundFirstTerm } from "../domain/search/match-explanation";
import type { Embedder } from "../ports/embedder";
import type { LanguageModel } from "../ports/language-model";
import type { VectorIndex } from "../ports/vector-index";
import { toArticleJson } from "./article-json";

/** Turns a session remembers; older ones no longer shape follow-up questions. */
export const MAX_TURNS = 5;
/** Candidates taken from each signal (full text, vectors) before they are merged and ranked. */
const CANDIDATES = 50;
const MAX_SUGGESTIONS = 4;
/**
 * Only the start of an article's text is read for its explanation (and the whole only when its words occur
 * further in): stored articles run to hundreds of KB, and reading ten whole ones was a large part of a
 * search's time.
 */
const EXPLANATION_TEXT_CHARS = 4_000;

/** What the response's `notice` says when a model or the vector index failed and search did without it. */
export const MEANING_UNAVAILABLE =
  "Search by meaning is unavailable right now, so these results only match your words.";
export const EXPLANATIONS_UNAVAILABLE =
  "The explanations are based on matching words: the language model is unavailable right now.";

export interface ChatRequest {
  query: string;
  sessionId?: string;
  limit: number;
  filters: { domain?: string; is_read?: boolean; language?: string };
}

interface SearchDeps {
  search: SearchRepository;
  /** For the library's mean embedding, stored by the topics run. */
  topics: Pick<TopicsRepository, "libraryMean">;
  articles: ArticlesRepository;
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
      const searched = effectiveQuery(request.query, session?.turns.at(-1)?.effectiveQuery);
      const terms = queryTerms(searched);
      const readFilter = request.filters.is_read ?? readFilterFromQuery(request.query);

      const ftsQuery = chatFtsQuery(userId, terms);
      // A model or vector index error (429 at the rate limit, capacity, timeout, an outage) never fails the
      // search: it goes on with full text alone and says so.
      const notices: string[] = [];
      const [textHits, { vector, vectorHits }, storedMean] = await Promise.all([
        ftsQuery ? search.ftsCandidates(ftsQuery, CANDIDATES) : Promise.resolve([]),
        embedder
          .embed([searched])
          .then(async ([vector]) => ({
            vector,
            vectorHits: vector ? await vectorIndex.query(userId, vector, { topK: CANDIDATES }) : [],
          }))
          .catch((error: unknown) => {
            console.error("Search by meaning failed; full text only", error);
            notices.push(MEANING_UNAVAILABLE);
            return { vector: undefined, vectorHits: [] };
          }),
        topics.libraryMean(userId),
      ]);
      const rank = new Map(textHits.map((hit) => [hit.id, hit.rank]));
      const similarity = new Map(vectorHits.map((hit) => [Number(hit.id), hit.score]));
      const bestFts = Math.min(0, ...textHits.map((h) => h.rank));
      const bestVector = Math.max(0, ...vectorHits.map((h) => h.score));
      const typicalVector = vector
        ? typicalSimilarity({
            query: vector,
            scores: vectorHits.map((h) => h.score),
            wholeLibrary: vectorHits.length < CANDIDATES,
            libraryMean: decodeInSpace(storedMean, spaceOf(embedder.name)),
          })
        : undefined;
      const candidates = await articles.findManyByIds(userId, [...new Set([...rank.keys(), ...similarity.keys()])]);

      const ranked = candidates
        .filter((a) => readFilter === undefined || a.isRead === readFilter)
        .filter((a) => !request.filters.domain || a.domain === request.filters.domain.toLowerCase())
        .filter((a) => !request.filters.language || a.language === request.filters.language.toLowerCase())
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
      const shown = ranked.slice(0, request.limit);

      // Explanations need the text where the terms occur: the start of each shown article is read, and the
      // whole of the few full-text matches whose terms only occur further in.
      const starts = await search.textStarts(
        userId,
        shown.map((r) => r.article.id),
        EXPLANATION_TEXT_CHARS,
      );
      const explained = shown.map((r) => ({
        id: r.article.id,
        title: r.article.title ?? "",
        summary: r.article.summary ?? "",
        text: plainText(starts.get(r.article.id) ?? ""),
        similarity: similarity.get(r.article.id),
      }));
      const matchedFurtherIn = explained.filter((a) => rank.has(a.id) && !mentionsAnyTerm(terms, a));
      if (matchedFurtherIn.length > 0) {
        const whole = await search.textStarts(
          userId,
          matchedFurtherIn.map((a) => a.id),
          Number.MAX_SAFE_INTEGER,
        );
        for (const article of matchedFurtherIn) {
          const around = textAroundFirstTerm(terms, plainText(whole.get(article.id) ?? ""), EXPLANATION_TEXT_CHARS);
          if (around) article.text = around;
        }
      }
      // The words of every candidate's title and summary: the suggestions' background (shown ones included).
      const candidateWords = new Map(candidates.map((a) => [a.id, labelTokens(a.title ?? "", a.summary ?? "")]));
      const toExplain = explained.map(({ id: _id, ...article }) => article);
      const explanations = await languageModel
        .explainMatches({ query: searched, articles: toExplain })
        .catch((error: unknown) => {
          console.error("Match explanations failed; term-based ones instead", error);
          notices.push(EXPLANATIONS_UNAVAILABLE);
          return toExplain.map((article) => explainMatch(terms, article));
        });

      if (session) {
        const turn: SearchTurn = {
          query: request.query,
          effectiveQuery: searched,
          resultIds: shown.map((r) => r.article.id),
          at: now(),
        };
        await search.saveTurns(userId, session.id, [...session.turns, turn].slice(-MAX_TURNS), now());
      }
      return {
        results: shown.map((r, i) => ({
          article: toArticleJson(r.article),
          relevance_score: r.score,
          match_explanation: explanations[i] ?? "",
        })),
        total_found: ranked.length,
        search_time_ms: Math.round(performance.now() - started),
        suggestions: suggestFollowUps(
          terms,
          shown.map((r) => candidateWords.get(r.article.id) ?? []),
          [...candidateWords.values()],
          MAX_SUGGESTIONS,
        ),
        session_id: session?.id ?? null,
        effective_query: searched,
        degraded: notices.length > 0,
        notice: notices.length > 0 ? notices.join(" ") : null,
      };
    },
  };
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

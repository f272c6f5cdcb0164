import type { ArticlesRepository } from "../db/repositories/articles-repository";
import type {
  AnchorUpdate,
  HighlightCursor,
  HighlightRecord,
  HighlightsRepository,
  LibraryHighlight,
  LibraryNote,
} from "../db/repositories/highlights-repository";
import { pageAtOffset } from "../domain/documents/page-at";
import { InvalidInput, NotFound } from "../domain/errors";
import { type ArticleTexts, targetText } from "../domain/highlights/article-text";
import { matchQuote } from "../domain/highlights/match-quote";
import { quoteSelector } from "../domain/highlights/selectors";
import type { AnchorStatus, HighlightColor, HighlightTarget } from "../domain/highlights/targets";
import { buildFtsQuery, searchWords } from "../domain/search-query";
import { normalizeTags } from "../domain/tags/normalize-tags";

const iso = (ms: number) => new Date(ms).toISOString();

/** A highlight as the API gives it: the W3C selectors, plus the quote and where it stands now. */
export function toHighlightJson(row: HighlightRecord) {
  return {
    id: row.id,
    article_id: row.articleId,
    target: row.target,
    quote: row.exact,
    color: row.color,
    note: row.note,
    /** anchored: found in the current text; orphaned: "no longer in the text"; pending: the text is not there yet. */
    anchor_status: row.anchorStatus,
    selectors: [
      { type: "TextQuoteSelector" as const, exact: row.exact, prefix: row.prefix, suffix: row.suffix },
      ...(row.positionStart !== null && row.positionEnd !== null
        ? [{ type: "TextPositionSelector" as const, start: row.positionStart, end: row.positionEnd }]
        : []),
    ],
    client_id: row.clientId,
    /** The document page the highlight starts on (a PDF), or null. */
    page: row.page ?? null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
export type HighlightJson = ReturnType<typeof toHighlightJson>;

function toLibraryHighlightJson(row: LibraryHighlight) {
  return { ...toHighlightJson(row), article: row.article };
}

function toLibraryNoteJson(row: LibraryNote) {
  return { article: row.article, note: row.note, note_updated_at: iso(row.writtenAt) };
}

export type NewHighlightInput = {
  target: HighlightTarget;
  color: HighlightColor;
  note: string | null;
  /** The TextQuoteSelector; prefix and suffix may be empty (a highlight added by its quote alone). */
  quote: { exact: string; prefix: string; suffix: string };
  position?: { start: number; end: number };
  clientId?: string;
};

const TARGET_NAMES: Record<HighlightTarget, string> = { content: "text", summary: "summary", title: "title" };

const encodeCursor = (c: HighlightCursor) => `${c.createdAt}.${c.id}`;
function decodeCursor(value: string): HighlightCursor {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(value);
  if (!match) throw new InvalidInput("cursor: not a cursor this API returned");
  return { createdAt: Number(match[1]), id: Number(match[2]) };
}

/** A page of `limit` from rows read one past it, and the cursor of the next page (null at the end). */
function pageOf<T>(rows: readonly T[], limit: number, cursorOf: (last: T) => HighlightCursor) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(cursorOf(last)) : null };
}

/** Where a stored quote is in the current text of its part of the article, or that it is no longer there. */
export function anchorIn(text: string, row: Pick<HighlightRecord, "exact" | "prefix" | "suffix" | "positionStart">) {
  if (!text) return { start: row.positionStart, end: null, status: "pending" as AnchorStatus };
  const match = matchQuote(text, row.exact, {
    prefix: row.prefix,
    suffix: row.suffix,
    position: row.positionStart ?? undefined,
  });
  return match
    ? { start: match.start, end: match.end, status: "anchored" as AnchorStatus }
    : { start: null, end: null, status: "orphaned" as AnchorStatus };
}

/** Highlights, the article note and the reading position (issue 32). */
export function createHighlightsService({
  highlights,
  articles,
  now = Date.now,
}: {
  highlights: HighlightsRepository;
  articles: ArticlesRepository;
  now?: () => number;
}) {
  /** When the reader wrote it: their device's time, but never in the future (a fast clock must not lock out later writes). */
  const writtenTime = (clientTime?: number) => Math.min(clientTime ?? now(), now());

  async function requireArticle(userId: number, articleId: number) {
    const article = await articles.findById(userId, articleId);
    if (!article) throw new NotFound("Article not found");
    return article;
  }

  async function requireHighlight(userId: number, id: number) {
    const row = await highlights.get(userId, id);
    if (!row) throw new NotFound("Highlight not found");
    return row;
  }

  return {
    async ofArticle(userId: number, articleId: number) {
      await requireArticle(userId, articleId);
      return { highlights: (await highlights.ofArticle(userId, articleId)).map(toHighlightJson) };
    },

    /**
     * Stores a highlight of the article. The quote must be in the current text of its part of the article
     * (exactly or nearly): one that is not is refused and nothing is stored. Before the article's text has
     * arrived the highlight is kept `pending` and anchored when it comes.
     */
    async create(userId: number, articleId: number, input: NewHighlightInput) {
      const article = await requireArticle(userId, articleId);
      const text = targetText(article, input.target);
      let anchor: { start: number | null; end: number | null; status: AnchorStatus } = {
        start: input.position?.start ?? null,
        end: input.position?.end ?? null,
        status: "pending",
      };
      let { prefix, suffix } = input.quote;
      if (text) {
        const match = matchQuote(text, input.quote.exact, { prefix, suffix, position: input.position?.start });
        if (!match) {
          throw new InvalidInput(`quote: this passage is not in the article's ${TARGET_NAMES[input.target]}`);
        }
        anchor = { start: match.start, end: match.end, status: "anchored" };
        // A highlight added by its quote alone gets the context that tells repeated phrases apart.
        if (!prefix && !suffix) ({ prefix, suffix } = quoteSelector(text, match.start, match.end));
      }
      const row = await highlights.create(
        userId,
        articleId,
        {
          target: input.target,
          exact: input.quote.exact,
          prefix,
          suffix,
          positionStart: anchor.start,
          positionEnd: anchor.end,
          anchorStatus: anchor.status,
          color: input.color,
          note: input.note,
          clientId: input.clientId ?? null,
          // A document's page (issue 54), from the block the highlight starts in.
          page:
            input.target === "content" && anchor.start !== null ? pageAtOffset(article.content, anchor.start) : null,
        },
        now(),
      );
      await highlights.reindexAnnotations(userId, articleId);
      return toHighlightJson(row);
    },

    /**
     * Changes colour or note. `writtenAt` is when the reader made the change (a device back online sends its
     * own time): a change older than the stored one is not applied, and the stored highlight is returned.
     */
    async update(
      userId: number,
      id: number,
      patch: { color?: HighlightColor; note?: string | null },
      writtenAt?: number,
    ) {
      const current = await requireHighlight(userId, id);
      // An edit cannot predate its highlight: an older time means the edit was made while the highlight was
      // still on its way to the server (or the device's clock is behind the server's), so it counts as made just
      // after the highlight. Edits made in that window (a colour, then a note) all hold, instead of the first one
      // stamping the highlight with a time the next cannot beat.
      const at = Math.max(writtenTime(writtenAt), current.createdAt + 1);
      // Newest write wins between edits (a highlight never edited has updatedAt = createdAt, below any `at`).
      if (at < current.updatedAt) return toHighlightJson(current);
      const updated = await highlights.update(userId, id, patch, at);
      if (!updated) throw new NotFound("Highlight not found");
      // A colour alone leaves the indexed words as they were (reindexAnnotations).
      if (patch.note !== undefined) await highlights.reindexAnnotations(userId, updated.articleId);
      return toHighlightJson(updated);
    },

    async remove(userId: number, id: number) {
      const row = await requireHighlight(userId, id);
      if (!(await highlights.remove(userId, id))) throw new NotFound("Highlight not found");
      await highlights.reindexAnnotations(userId, row.articleId);
    },

    /** The whole library's highlights, newest first, searchable and filterable, a page at a time. */
    async library(
      userId: number,
      query: { search?: string; color?: HighlightColor; tag?: string; cursor?: string; limit: number },
    ) {
      const ftsQuery = query.search ? buildFtsQuery(userId, query.search) : undefined;
      if (ftsQuery === null) return { highlights: [], next_cursor: null };
      const tagKey = query.tag ? normalizeTags([query.tag])[0]?.key : undefined;
      const rows = await highlights.list(userId, {
        limit: query.limit + 1,
        cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
        color: query.color,
        tagKey,
        ftsQuery,
      });
      const { page, next_cursor } = pageOf(rows, query.limit, (last) => last);
      return { highlights: page.map(toLibraryHighlightJson), next_cursor };
    },

    /**
     * The articles' own notes, most recently written first, a page at a time (issue 50): the highlights page
     * lists them beside the highlights. Searched by words in the note, filtered by tag.
     */
    async libraryNotes(userId: number, query: { search?: string; tag?: string; cursor?: string; limit: number }) {
      const words = query.search ? searchWords(query.search) : undefined;
      if (words?.length === 0) return { notes: [], next_cursor: null };
      const tagKey = query.tag ? normalizeTags([query.tag])[0]?.key : undefined;
      const rows = await highlights.listNotes(userId, {
        limit: query.limit + 1,
        cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
        tagKey,
        words,
      });
      const { page, next_cursor } = pageOf(rows, query.limit, (last) => ({
        createdAt: last.writtenAt,
        id: last.article.id,
      }));
      return { notes: page.map(toLibraryNoteJson), next_cursor };
    },

    /**
     * Finds every highlight of the article again in its current text, after a re-fetch, a re-extraction or a
     * re-summarize. A quote still there (exactly or nearly) gets its new place; one that is gone is kept as
     * orphaned ("no longer in the text"), never deleted. Only the parts in `targets` changed.
     */
    async reanchor(userId: number, articleId: number, targets?: readonly HighlightTarget[]) {
      // The highlights first: most articles have none, and then the article (its whole content) is not read.
      const rows = (await highlights.ofArticle(userId, articleId)).filter(
        (row) => !targets || targets.includes(row.target),
      );
      if (rows.length === 0) return;
      const article = await articles.findById(userId, articleId);
      if (!article) return;
      const texts = new Map<HighlightTarget, string>();
      const textOf = (target: HighlightTarget, source: ArticleTexts) => {
        if (!texts.has(target)) texts.set(target, targetText(source, target));
        return texts.get(target) ?? "";
      };
      const updates: AnchorUpdate[] = [];
      for (const row of rows) {
        const anchor = anchorIn(textOf(row.target, article), row);
        if (anchor.status === "pending" && row.anchorStatus !== "pending") continue;
        if (
          anchor.start !== row.positionStart ||
          anchor.end !== row.positionEnd ||
          anchor.status !== row.anchorStatus
        ) {
          updates.push({ id: row.id, ...anchor });
        }
      }
      await highlights.setAnchors(userId, updates);
    },

    /** The article note, newest write wins (see articles-repository writeNote). */
    async writeNote(userId: number, articleId: number, note: string | null, writtenAt?: number) {
      await requireArticle(userId, articleId);
      if (await articles.writeNote(userId, articleId, note, writtenTime(writtenAt))) {
        await highlights.reindexAnnotations(userId, articleId);
      }
    },

    /** The reading position, newest write wins; answers with what is stored afterwards. */
    async writePosition(
      userId: number,
      articleId: number,
      position: { offset: number; progress: number },
      writtenAt?: number,
    ) {
      await requireArticle(userId, articleId);
      await articles.writePosition(userId, articleId, position, writtenTime(writtenAt));
      const stored = await requireArticle(userId, articleId);
      return {
        reading_position: stored.readingPosition,
        reading_progress: stored.readingProgress,
        position_updated_at: stored.positionUpdatedAt === null ? null : iso(stored.positionUpdatedAt),
      };
    },
  };
}
export type HighlightsService = ReturnType<typeof createHighlightsService>;

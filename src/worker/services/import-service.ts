import type { ArticleSourcesRepository } from "../db/repositories/article-sources-repository";
import type { ArticleTagsRepository } from "../db/repositories/article-tags-repository";
import type { ArticlesRepository } from "../db/repositories/articles-repository";
import type { HighlightsRepository } from "../db/repositories/highlights-repository";
import type { ImportedArticle, ImportRecord, ImportsRepository } from "../db/repositories/imports-repository";
import { checkArticleUrl } from "../domain/article-url";
import { formatByteLimit } from "../domain/byte-size";
import { AppError, InvalidInput, NotFound } from "../domain/errors";
import { encodingNote } from "../domain/imports/decode-text";
import {
  IMPORT_FORMAT_NAMES,
  type ImportFormat,
  type ImportRow,
  type InvalidRow,
  MalformedImport,
  type ParsedImport,
} from "../domain/imports/import-item";
import { MAX_TEXT_IMPORT_BYTES } from "../domain/imports/import-limits";
import { isKeptEmpty, type KeptByReader } from "../domain/imports/kept";
import { detectFormat, parseImport } from "../domain/imports/parse-import";
import { isZip } from "../domain/imports/zip-export";
import type { ImportProcessMessage, ImportRowsMessage, QueuedImportItem } from "../jobs/import-message";
import type { ImportQueue } from "../jobs/import-producer";
import { compressText, decompressText } from "./processing/compressed-text";

/** Articles written between two of storeRows' `pace` calls: about 15 ms of a chunk's writes on this machine. */
const PACE_EVERY = 10;
/** Invalid rows kept with their reasons (all are counted). */
export const MAX_STORED_ERRORS = 500;
/** Our own export's content travels compressed in a queue message; a larger one is fetched again instead. */
const MAX_QUEUED_CONTENT_CHARS = 90 * 1024;
/** How long an import's processing waits for rows still being stored before it looks again. */
const ROWS_PENDING_DELAY_SECONDS = 5;
const QUEUE_FAILURE = "The import could not be queued. Please upload the file again.";

interface ImportServiceDeps {
  imports: ImportsRepository;
  articles: Pick<ArticlesRepository, "findByNormalizedUrls" | "writeNote" | "writePosition">;
  tags: Pick<ArticleTagsRepository, "addToMany">;
  sources: Pick<ArticleSourcesRepository, "store">;
  queue: ImportQueue;
  /** Imported highlights are stored here, `pending`; `reanchor` places them in an article that has its text. */
  highlights: Pick<HighlightsRepository, "importMany" | "reindexAnnotations">;
  reanchor: (userId: number, articleId: number) => Promise<void>;
  now?: () => number;
}

/**
 * An import's state as users read it: `processing` once every row is stored while some of its articles are still
 * waiting or in processing (the stored status says `done`), so an import interrupted by a crash never reads done
 * with articles unprocessed (issue 31).
 */
export function importStatus(record: Pick<ImportRecord, "status">, unprocessed: number) {
  return record.status === "done" && unprocessed > 0 ? ("processing" as const) : record.status;
}

export function toImportJson(record: ImportRecord, processed = 0, unprocessed = 0) {
  const warnings = record.errors.filter((e) => e.warning).map(({ row, reason }) => ({ row, reason }));
  return {
    id: record.id,
    status: importStatus(record, unprocessed),
    format: record.format,
    source: IMPORT_FORMAT_NAMES[record.format as ImportFormat] ?? record.format,
    file_name: record.fileName,
    total: record.total,
    imported: record.imported,
    duplicates: record.duplicates,
    invalid: record.invalid,
    failed: record.failed,
    processed,
    unprocessed,
    created_at: new Date(record.createdAt).toISOString(),
    started_at: record.startedAt === null ? null : new Date(record.startedAt).toISOString(),
    finished_at: record.finishedAt === null ? null : new Date(record.finishedAt).toISOString(),
    error: record.error,
    errors: record.errors.filter((e) => !e.warning),
    /** Rows imported all the same with something to say (an unreadable date); row 0 is about the whole file. */
    warnings,
  };
}

/**
 * A row as a queue message carries it: what the reader kept (highlights, note, position) compressed and first in
 * the budget, since it exists nowhere else; our own export's content after it, unless the two are too big for a
 * queue message (the page is then fetched again). Highlights that do not fit are left out with a warning.
 */
async function toQueuedItem({ row, item }: ImportRow, warn: (warning: InvalidRow) => void): Promise<QueuedImportItem> {
  const { summary: _summary, language: _language, content, kept, ...rest } = item;
  const compressedKept = isKeptEmpty(kept) ? null : await compressKept(kept as KeptByReader, row, warn);
  const budget = MAX_QUEUED_CONTENT_CHARS - (compressedKept?.length ?? 0);
  const compressed = content ? await compressText(content) : null;
  return {
    ...rest,
    compressedContent: compressed && compressed.length <= budget ? compressed : null,
    compressedKept,
  };
}

async function compressKept(kept: KeptByReader, row: number, warn: (warning: InvalidRow) => void): Promise<string> {
  let fitting = kept;
  let compressed = await compressText(JSON.stringify(fitting));
  while (compressed.length > MAX_QUEUED_CONTENT_CHARS && fitting.highlights.length > 0) {
    const share = (MAX_QUEUED_CONTENT_CHARS / compressed.length) * 0.9;
    fitting = { ...fitting, highlights: fitting.highlights.slice(0, Math.floor(fitting.highlights.length * share)) };
    compressed = await compressText(JSON.stringify(fitting));
  }
  const left = kept.highlights.length - fitting.highlights.length;
  if (left > 0) {
    warn({
      row,
      reason: `${left} of the article's ${kept.highlights.length} highlights were too many to import at once; import them from a file of their own`,
    });
  }
  return compressed;
}

/**
 * Rows that name their article by title only become rows of the article of that title in the user's library
 * (its URL), or invalid rows saying so.
 */
async function resolveTitled(imports: ImportsRepository, userId: number, parsed: ParsedImport): Promise<ParsedImport> {
  const titled = parsed.titled ?? [];
  if (titled.length === 0) return parsed;
  const urls = await imports.urlsByTitles(
    userId,
    titled.map((t) => t.title),
  );
  const rows = [...parsed.rows];
  const invalid = [...parsed.invalid];
  for (const { row, title, item } of titled) {
    const url = urls.get(title.trim().toLowerCase());
    if (url) rows.push({ row, item: { ...item, url } });
    else {
      invalid.push({
        row,
        reason: `no article titled "${title.slice(0, 80)}" in your library (the file has no links): save it, then import the file again`,
      });
    }
  }
  const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;
  return { ...parsed, rows: rows.sort(byRow), invalid: invalid.sort(byRow), titled: [] };
}

export type ProcessingPlan =
  | { kind: "process"; articleIds: number[]; lastArticleId: number }
  | { kind: "wait" }
  | { kind: "done" }
  | { kind: "gone" };

export function createImportService({
  imports,
  articles,
  tags,
  sources,
  queue,
  highlights,
  reanchor,
  now = Date.now,
}: ImportServiceDeps) {
  /**
   * Brings what the reader kept to an article: the note and the reading position unless newer ones are stored
   * (newest write wins; a file's undated note never replaces one written here), and the highlights, `pending`.
   * An article that already has its text gets them anchored now; a new one when its processing completes.
   */
  async function applyKept(userId: number, articleId: number, encoded: string[], hasText: boolean) {
    let brought = false;
    let annotated = false;
    for (const compressed of encoded) {
      const kept = JSON.parse(await decompressText(compressed)) as KeptByReader;
      if (kept.note !== null && (await articles.writeNote(userId, articleId, kept.note, kept.noteWrittenAt ?? 0))) {
        annotated = true;
      }
      if (kept.position) {
        const { offset, progress, writtenAt } = kept.position;
        await articles.writePosition(userId, articleId, { offset, progress }, writtenAt ?? 0);
      }
      if (kept.highlights.length > 0) {
        brought = true;
        const stored = await highlights.importMany(
          userId,
          articleId,
          kept.highlights.map(({ createdAt, ...h }) => ({
            ...h,
            anchorStatus: "pending" as const,
            clientId: null,
            createdAt: createdAt ?? now(),
          })),
          now(),
        );
        if (stored > 0) annotated = true;
      }
    }
    // The reader's words are indexed with the article: a note or highlight stored here is found by search too. An
    // import again, which stores nothing new, leaves the entry alone (re-indexing reads the body from R2).
    if (annotated) await highlights.reindexAnnotations(userId, articleId);
    // Also when every highlight was there already: an import again places those still waiting for the text.
    if (brought && hasText) await reanchor(userId, articleId);
  }

  async function processedOf(userId: number, records: ImportRecord[]) {
    const ids = records.map((r) => r.id);
    const counts = await imports.processingCounts(userId, ids);
    return records.map((record) => {
      const { processed = 0, unprocessed = 0 } = counts.get(record.id) ?? {};
      return toImportJson(record, processed, unprocessed);
    });
  }

  return {
    /**
     * Reads the file, records the import with its invalid rows, and queues the good rows in chunks. Answers at
     * once: storing and processing happen on IMPORT_QUEUE. A file that cannot be read at all is a 422 naming
     * where it breaks; a partly bad file imports its good rows.
     */
    async start(
      userId: number,
      file: { bytes: Uint8Array; name: string | null },
      format?: ImportFormat,
      encoding?: string,
    ) {
      if (file.bytes.byteLength === 0) throw new InvalidInput("file is empty");
      let parsed: ReturnType<typeof parseImport>;
      try {
        const chosen = format ?? detectFormat(file.bytes, encoding);
        if (!isZip(file.bytes) && file.bytes.byteLength > MAX_TEXT_IMPORT_BYTES) {
          throw new AppError(
            413,
            `A CSV, HTML, JSON or text import file may be at most ${formatByteLimit(MAX_TEXT_IMPORT_BYTES)}; split it into parts`,
          );
        }
        parsed = parseImport(file.bytes, chosen, encoding);
      } catch (error) {
        if (error instanceof MalformedImport) throw new InvalidInput(error.message);
        throw error;
      }
      parsed = { ...parsed, ...(await resolveTitled(imports, userId, parsed)) };
      const total = parsed.rows.length + parsed.invalid.length + parsed.duplicates;
      if (total === 0) throw new InvalidInput("The file has no links to import");
      const note = parsed.decoded ? encodingNote(parsed.decoded) : null;
      const queuedWarnings: InvalidRow[] = [];
      const rows: { row: number; item: QueuedImportItem }[] = [];
      for (const row of parsed.rows) {
        rows.push({ row: row.row, item: await toQueuedItem(row, (w) => queuedWarnings.push(w)) });
      }
      const warnings = [...(note ? [{ row: 0, reason: note }] : []), ...parsed.warnings, ...queuedWarnings];
      const record = await imports.create(
        userId,
        {
          format: parsed.format,
          fileName: file.name,
          total,
          invalid: parsed.invalid.length,
          duplicates: parsed.duplicates,
          errors: [
            ...parsed.invalid.slice(0, MAX_STORED_ERRORS),
            ...warnings.slice(0, MAX_STORED_ERRORS).map((w) => ({ ...w, warning: true as const })),
          ],
        },
        now(),
      );
      if (parsed.rows.length > 0) {
        try {
          // Processing first: if the queue fails, nothing is on it yet. It waits for the rows (nextProcessing).
          await queue.sendProcessing({ importId: record.id, userId, afterArticleId: 0 });
          await queue.sendRows(record.id, userId, rows);
        } catch (error) {
          console.error("Could not queue import rows", error);
          await imports.markFailed(userId, record.id, QUEUE_FAILURE, parsed.rows.length, now());
          throw new AppError(503, QUEUE_FAILURE);
        }
      }
      return { id: record.id, status: record.status, format: record.format, total: record.total };
    },

    async get(userId: number, id: number) {
      const record = await imports.findById(userId, id);
      if (!record) throw new NotFound("Import not found");
      const [json] = await processedOf(userId, [record]);
      return json;
    },

    async list(userId: number) {
      return { imports: await processedOf(userId, await imports.list(userId, 20)) };
    },

    /**
     * Stores one queued chunk: new links become pending articles (with their date, read state, rating and
     * tags), links already in the library count as duplicates (and get the file's tags). The import's
     * `process-import` messages pick the new ones up (nextProcessing). `pace` runs every PACE_EVERY articles
     * written (the consumer lets a reader's request in there, jobs/interactive-work.ts).
     */
    async storeRows(message: ImportRowsMessage, { pace }: { pace?: () => Promise<void> } = {}): Promise<void> {
      const { userId, importId } = message;
      if (!(await imports.findById(userId, importId))) return; // deleted meanwhile (account deletion)
      const timestamp = now();
      const fresh = new Map<string, ImportedArticle & { item: QueuedImportItem }>();
      /** What the reader kept, per article URL: a URL twice in the chunk brings both copies' highlights. */
      const keptOf = new Map<string, string[]>();
      let duplicates = 0;
      let failed = 0;
      for (const { item } of message.rows) {
        const check = checkArticleUrl(item.url);
        if (!check.ok) {
          failed += 1; // checked when the file was read; only a changed rule could get here
          continue;
        }
        if (item.compressedKept) {
          keptOf.set(check.normalizedUrl, [...(keptOf.get(check.normalizedUrl) ?? []), item.compressedKept]);
        }
        if (fresh.has(check.normalizedUrl)) {
          duplicates += 1;
          continue;
        }
        const readAt = item.read ? (item.readAt ?? item.savedAt ?? timestamp) : null;
        fresh.set(check.normalizedUrl, {
          url: check.url,
          normalizedUrl: check.normalizedUrl,
          domain: check.domain,
          title: item.title,
          createdAt: item.savedAt ?? timestamp,
          isRead: item.read,
          readAt,
          item,
        });
      }
      const existingArticles = await articles.findByNormalizedUrls(userId, [...fresh.keys()]);
      // Links already saved get the file's tags, in one go as the new articles do below.
      await tags.addToMany(
        userId,
        existingArticles.flatMap((existing) => {
          const { item } = fresh.get(existing.normalizedUrl) ?? {};
          return item && item.tags.length > 0 ? [{ articleId: existing.id, tags: item.tags }] : [];
        }),
      );
      for (const existing of existingArticles) {
        const kept = keptOf.get(existing.normalizedUrl);
        if (kept) await applyKept(userId, existing.id, kept, existing.processingStatus === "completed");
        fresh.delete(existing.normalizedUrl);
        duplicates += 1;
      }
      const candidates = [...fresh.values()];
      const inserted = await imports.insertArticles(
        userId,
        importId,
        candidates.map(({ item, ...row }) => ({ ...row, rating: item.rating })),
        timestamp,
      );
      duplicates += candidates.length - inserted.length; // saved meanwhile by the user
      // The new articles' tags in one go (batches of inserts), then what each may carry besides.
      await tags.addToMany(
        userId,
        inserted.flatMap((article) => {
          const { item } = fresh.get(article.normalizedUrl) ?? {};
          return item && item.tags.length > 0 ? [{ articleId: article.id, tags: item.tags }] : [];
        }),
      );
      for (const [index, article] of inserted.entries()) {
        if (pace && index > 0 && index % PACE_EVERY === 0) await pace();
        const { item } = fresh.get(article.normalizedUrl) ?? {};
        if (!item) continue;
        if (item.compressedContent) await sources.store(userId, article.id, item.compressedContent);
        const kept = keptOf.get(article.normalizedUrl);
        if (kept) await applyKept(userId, article.id, kept, false);
      }
      const insertedUrls = new Set(inserted.map((article) => article.normalizedUrl));
      const savedMeanwhile = candidates.filter(
        (c) => !insertedUrls.has(c.normalizedUrl) && keptOf.has(c.normalizedUrl),
      );
      if (savedMeanwhile.length > 0) {
        for (const article of await articles.findByNormalizedUrls(
          userId,
          savedMeanwhile.map((c) => c.normalizedUrl),
        )) {
          await applyKept(
            userId,
            article.id,
            keptOf.get(article.normalizedUrl) ?? [],
            article.processingStatus === "completed",
          );
        }
      }
      await imports.addCounts(userId, importId, { imported: inserted.length, duplicates, failed }, now());
    },

    /**
     * What an import's `process-import` message does next: up to `size` of the articles the import created
     * after `afterArticleId`, in order (those not yet completed or failed are processed). Nothing after it: `wait` while rows are still being stored, else `done`. `gone` once the
     * import is deleted (account deletion).
     */
    async nextProcessing(message: Omit<ImportProcessMessage, "kind">, size: number): Promise<ProcessingPlan> {
      const { userId, importId, afterArticleId } = message;
      const record = await imports.findById(userId, importId);
      if (!record) return { kind: "gone" };
      const next = await imports.articlesAfter(userId, importId, afterArticleId, size);
      const last = next.at(-1);
      if (!last) return record.status === "queued" || record.status === "running" ? { kind: "wait" } : { kind: "done" };
      return {
        kind: "process",
        // Not only pending: an article left processing by a delivery that died is processed again.
        articleIds: next
          .filter((a) => a.processingStatus !== "completed" && a.processingStatus !== "failed")
          .map((a) => a.id),
        lastArticleId: last.id,
      };
    },

    /**
     * Sends the import's next `process-import` message (`message` carries the last article id done) to the back
     * of the queue: at once while articles remain, in a few seconds while rows are still being stored (or after
     * an error). Done or gone: none.
     */
    async continueProcessing(message: Omit<ImportProcessMessage, "kind">, plan: ProcessingPlan): Promise<void> {
      if (plan.kind === "process") await queue.sendProcessing(message);
      if (plan.kind === "wait") await queue.sendProcessing(message, { delaySeconds: ROWS_PENDING_DELAY_SECONDS });
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;

import type { Adapters } from "../../adapters/factory";
import type { AppConfig } from "../../config";
import type { ArticleBodiesRepository } from "../../db/repositories/article-bodies-repository";
import type { ArticleSourcesRepository } from "../../db/repositories/article-sources-repository";
import type { ArticlesRepository } from "../../db/repositories/articles-repository";
import { articleLanguage } from "../../domain/article-language";
import { fitArticleRow } from "../../domain/article-row-budget";
import { DocumentError } from "../../domain/documents/document-error";
import { DOCUMENT_MEDIA_TYPES, type DocumentKind } from "../../domain/documents/document-kind";
import { MAX_DOCUMENT_BYTES } from "../../domain/documents/document-limits";
import { type ReadDocument, readDocument } from "../../domain/documents/read-document";
import { articleEmbeddingText } from "../../domain/embedding/article-embedding-text";
import { extractArticle, hasTooLittleText, htmlToText } from "../../domain/extraction/extract-article";
import { countWords } from "../../domain/extraction/words";
import type { HighlightTarget } from "../../domain/highlights/targets";
import { isUrlTitle } from "../../domain/imports/import-item";
import { readsAsInterfaceText } from "../../domain/interface-text";
import { RendererUnavailable } from "../../ports/page-renderer";
import type { HostResolver } from "../fetching/host-resolver";
import { assertFetchableUrl, FetchFailure, fetchPageOrPdf } from "../fetching/page-fetcher";
import type { HighlightsService } from "../highlights-service";
import { compressText, decompressText, MAX_STEP_PAYLOAD_CHARS } from "./compressed-text";
import { decodeReadDocument, encodeReadDocument } from "./document-payload";

const RENDER_TIMEOUT_MS = 45_000;

/**
 * `supplied`: the HTML the user's browser sent with the save (or the upload's read document), so there is nothing to
 * fetch or render. `document`: `compressedHtml` is a read document (document-payload.ts), not a page's HTML.
 */
export type PageOutcome =
  | { ok: true; url: string; compressedHtml: string; supplied?: boolean; document?: boolean }
  | { ok: false; message: string; retryable: boolean };

interface PipelineDeps {
  config: AppConfig;
  /** Where a document's original file is kept (R2, beside the body). */
  originals: Pick<ArticleBodiesRepository, "writeOriginal" | "readOriginal">;
  articles: ArticlesRepository;
  sources: ArticleSourcesRepository;
  adapters: Adapters;
  resolver: HostResolver;
  /** Finds the article's highlights again after a step rewrote the text they quote (issue 32). */
  reanchor?: HighlightsService["reanchor"];
  now?: () => number;
}

/**
 * The processing steps of one article, each a plain async function the Workflow wraps in a named step.
 * Every step reads what it needs from D1 and writes its result back, so a retried step repeats only its
 * own work and step results stay small. Steps that can fail for reasons a user should read return an
 * outcome instead of throwing, because an error's type does not survive the step boundary.
 */
export function createArticlePipeline({
  config,
  articles,
  sources,
  adapters,
  resolver,
  originals,
  reanchor = async () => {},
  now = Date.now,
}: PipelineDeps) {
  /** Re-anchoring never fails a step: the stored text is what the reader came for, and the viewer anchors by quote. */
  async function reanchorHighlights(userId: number, articleId: number, targets: HighlightTarget[]) {
    await reanchor(userId, articleId, targets).catch((error: unknown) =>
      console.error("Re-anchoring highlights failed", articleId, error),
    );
  }

  async function asOutcome(load: () => Promise<{ url: string; html: string }>): Promise<PageOutcome> {
    try {
      const page = await load();
      const compressedHtml = await compressText(page.html);
      if (compressedHtml.length > MAX_STEP_PAYLOAD_CHARS) {
        return { ok: false, message: "The page is too large to process", retryable: false };
      }
      return { ok: true, url: page.url, compressedHtml };
    } catch (error) {
      if (error instanceof FetchFailure) return { ok: false, message: error.message, retryable: error.retryable };
      // Thrown on, so that the Workflow step retries it with backoff instead of giving up on the page.
      if (error instanceof RendererUnavailable) throw error;
      console.error("Unexpected fetch error", error);
      return { ok: false, message: "The page could not be loaded", retryable: true };
    }
  }

  /** A document failure as a step outcome: the sentence the reader sees; reading it again would not help. */
  function documentOutcome(error: unknown): PageOutcome {
    if (error instanceof DocumentError) return { ok: false, message: error.message, retryable: false };
    throw error;
  }

  /**
   * The PDF a saved link answered: read first, and only a PDF that reads is kept (its original, its kind and pages
   * on the row), so a failure leaves nothing of it behind.
   */
  async function readLinkedPdf(userId: number, articleId: number, url: string, bytes: Uint8Array) {
    try {
      const read = await readDocument("pdf", bytes, { baseUrl: url });
      const compressedHtml = await encodeReadDocument(read);
      await originals.writeOriginal(userId, articleId, bytes, {
        contentType: DOCUMENT_MEDIA_TYPES.pdf,
        fileName: null,
      });
      await articles.updateProcessing(userId, articleId, { documentType: "pdf", documentPages: read.pages });
      return { ok: true as const, url, compressedHtml, document: true };
    } catch (error) {
      return documentOutcome(error);
    }
  }

  /** An uploaded document read again from its original (Re-fetch Content, or a run whose source was used up). */
  async function rereadUpload(userId: number, articleId: number, url: string, kind: DocumentKind, name: string | null) {
    const original = await originals.readOriginal(userId, articleId);
    if (!original) return { ok: false as const, message: "The uploaded file is no longer stored", retryable: false };
    try {
      const bytes = new Uint8Array(await original.arrayBuffer());
      const read = await readDocument(kind, bytes, { baseUrl: url, fileName: name ?? undefined });
      return { ok: true as const, url, compressedHtml: await encodeReadDocument(read), supplied: true, document: true };
    } catch (error) {
      return documentOutcome(error);
    }
  }

  /**
   * A read document stored as the article: its HTML as is (the reader built it from the allowlist, with the pages
   * its blocks start on), its details where the reader has not edited them. Never "too little text": a document is
   * not rendered in a browser.
   */
  async function storeDocument(userId: number, articleId: number, read: ReadDocument) {
    const current = await articles.findManyByIds(userId, [articleId]).then((rows) => rows[0]);
    if (!current) return { tooLittleText: false, hasText: false };
    const stored = fitArticleRow(read.content);
    const text = htmlToText(read.content);
    const edited = current.title && !isUrlTitle(current.title, current.url) && current.title !== current.documentName;
    await articles.updateProcessing(userId, articleId, {
      title: edited ? current.title : read.title || current.title,
      author: current.author ?? read.author,
      publishDate: read.publishedTime,
      content: stored.content,
      searchText: stored.searchText,
      wordCount: countWords(text),
      language: read.language,
      readsAsArticle: true,
      documentPages: read.pages,
    });
    await reanchorHighlights(userId, articleId, ["content", "title"]);
    return { tooLittleText: false, hasText: countWords(text) > 0 };
  }

  return {
    /**
     * Marks the article as processing by `run` (its Workflow instance; null when run in place), so the recovery
     * sweep can ask whether that run still lives; null when the article was deleted meanwhile (nothing to do).
     */
    async begin(userId: number, articleId: number, run: string | null = null): Promise<{ url: string } | null> {
      const article = await articles.updateProcessing(userId, articleId, {
        processingStatus: "processing",
        processingError: null,
        processingRun: run,
      });
      return article ? { url: article.url } : null;
    },

    /**
     * One attempt at fetching the saved URL through the SSRF guard; counts as a processing attempt. When the
     * save came with the page's HTML, that is the page (already compressed at save time) and nothing is fetched.
     */
    async fetch(userId: number, articleId: number, url: string): Promise<PageOutcome> {
      await articles.countAttempt(userId, articleId);
      const [row] = await articles.findManyByIds(userId, [articleId]);
      const upload = row?.documentType && row.documentName !== null ? row.documentType : null;
      const supplied = await sources.read(userId, articleId);
      if (supplied !== null)
        return { ok: true, url, compressedHtml: supplied, supplied: true, document: upload !== null };
      if (upload) return rereadUpload(userId, articleId, url, upload, row?.documentName ?? null);
      let pdf: { url: string; bytes: Uint8Array } | null = null;
      const outcome = await asOutcome(async () => {
        const fetched = await fetchPageOrPdf(url, {
          allowLoopback: config.allowLoopbackFetch,
          timeoutMs: config.fetchTimeoutMs,
          resolver,
          maxPdfBytes: MAX_DOCUMENT_BYTES,
        });
        if (fetched.kind === "page") return fetched;
        pdf = fetched;
        return { url: fetched.url, html: "" };
      });
      const linked = pdf as { url: string; bytes: Uint8Array } | null;
      return linked && outcome.ok ? readLinkedPdf(userId, articleId, linked.url, linked.bytes) : outcome;
    },

    /** Renders a script-heavy page in the browser (the URL is checked by the same guard first). */
    async render(url: string): Promise<PageOutcome> {
      return asOutcome(async () => {
        await assertFetchableUrl(url, { allowLoopback: config.allowLoopbackFetch, resolver });
        const page = await adapters.pageRenderer.render(url, { timeoutMs: RENDER_TIMEOUT_MS });
        return { url: page.finalUrl, html: page.html };
      });
    },

    /**
     * Extracts the article and stores it. Answers whether the text is too thin (the page probably needs a
     * browser) and whether there is any text at all. Fields the user edited (title, author) are kept.
     */
    async extract(
      userId: number,
      articleId: number,
      page: { url: string; compressedHtml: string; document?: boolean },
    ) {
      if (page.document) return storeDocument(userId, articleId, await decodeReadDocument(page.compressedHtml));
      const extracted = extractArticle(await decompressText(page.compressedHtml), page.url);
      const current = await articles.findById(userId, articleId);
      if (!current) return { tooLittleText: false, hasText: false };
      // A body is at most 1.8 MB (article-row-budget says why): a long page is stored shortened, with a note saying so.
      const stored = fitArticleRow(extracted.content);
      await articles.updateProcessing(userId, articleId, {
        // A title that is only the link (an import file's stand-in) gives way to the page's; an edited one stays.
        title:
          current.title && !isUrlTitle(current.title, current.url) ? current.title : extracted.title || current.title,
        author: current.author ?? extracted.byline,
        publishDate: extracted.publishedTime,
        siteName: extracted.siteName,
        imageUrl: extracted.leadImage,
        domain: extracted.domain || current.domain,
        content: stored.content,
        searchText: stored.searchText,
        wordCount: extracted.wordCount,
        language: extracted.htmlLanguage,
        // A page whose text is mostly its interface (a sign-in form's messages) is kept but not summarised.
        readsAsArticle: !readsAsInterfaceText(extracted.text),
      });
      // The content (and a stand-in title) just changed: every highlight is found again in the new text, and one
      // whose quote is gone is kept as orphaned. The plain and the rendered extraction each do it; the last wins.
      await reanchorHighlights(userId, articleId, ["content", "title"]);
      // The supplied HTML (if any) is kept until the run ends (complete / fail): a run that dies after this step
      // and is queued again (recovery sweep) extracts from it again instead of fetching a page the user could not.
      return { tooLittleText: hasTooLittleText(extracted), hasText: extracted.wordCount > 0 };
    },

    async detectLanguage(userId: number, articleId: number): Promise<string> {
      const article = await articles.findById(userId, articleId);
      const text = `${article?.title ?? ""}\n${htmlToText(article?.content ?? "")}`;
      const language = articleLanguage(text, article?.language);
      await articles.updateProcessing(userId, articleId, { language });
      return language;
    },

    /** How many parts the language model reads the article in (each its own step); 0 when it is gone. */
    async summaryPartCount(userId: number, articleId: number): Promise<number> {
      const article = await articles.findById(userId, articleId);
      if (!article?.readsAsArticle) return 0;
      return adapters.languageModel.summaryParts(htmlToText(article.content ?? "")).length;
    },

    /** Notes on one part of a long article; rejects when the model fails, so the step can retry. */
    async summarizePart(userId: number, articleId: number, index: number): Promise<string> {
      const article = await articles.findById(userId, articleId);
      const parts = adapters.languageModel.summaryParts(htmlToText(article?.content ?? ""));
      const part = parts[index];
      if (!article || part === undefined) return "";
      return adapters.languageModel.summarizePart({
        title: article.title ?? "",
        language: article.language ?? "en",
        part,
        index,
        count: parts.length,
      });
    },

    /**
     * Writes and stores the summary, from the notes on its parts when the article was read in parts;
     * rejects when the model fails or answers nothing usable, so the step can retry.
     */
    async summarize(userId: number, articleId: number, notes?: string[]): Promise<void> {
      const article = await articles.findById(userId, articleId);
      if (!article) return;
      // Not an article (its text is a form's messages): no model, local or Workers AI, is asked to summarise it.
      const summary = !article.readsAsArticle
        ? ""
        : await adapters.languageModel.summarize({
            title: article.title ?? "",
            text: htmlToText(article.content ?? ""),
            language: article.language ?? "en",
            ...(notes ? { notes } : {}),
          });
      await articles.updateProcessing(userId, articleId, { summary: summary || null });
      // Processing's summary step and Re-summarize both come here: summary highlights follow the new summary.
      await reanchorHighlights(userId, articleId, ["summary"]);
    },

    /** Embeds the article and puts it in the user's vector index; rejects on failure so the step can retry. */
    async embed(userId: number, articleId: number): Promise<void> {
      const article = await articles.findById(userId, articleId);
      if (!article) return;
      const text = articleEmbeddingText(
        // A page that is not an article is placed by its title alone: its form messages would make it similar to
        // every other page with a sign-in form.
        {
          title: article.title,
          summary: article.summary,
          text: article.readsAsArticle ? htmlToText(article.content ?? "") : "",
        },
        adapters.embedder.maxInputChars,
      );
      const [vector] = await adapters.embedder.embed([text], { language: article.language ?? undefined });
      if (vector) await adapters.vectorIndex.upsert(userId, [{ id: String(articleId), vector }]);
    },

    async markRetrying(userId: number, articleId: number, message: string): Promise<void> {
      await articles.updateProcessing(userId, articleId, { processingStatus: "retrying", processingError: message });
    },

    /** Done; `note` tells the user about a part that did not work (no summary), or is null. */
    async complete(userId: number, articleId: number, note: string | null): Promise<void> {
      await sources.delete(userId, articleId);
      // The run's name is for the recovery sweep, which asks only about articles in progress: not kept after.
      await articles.updateProcessing(userId, articleId, {
        processingStatus: "completed",
        processingError: note,
        processedAt: now(),
        processingRun: null,
      });
    },

    /** Failed for good: the saved URL and everything the user set are kept; Re-fetch starts over. */
    async fail(userId: number, articleId: number, message: string): Promise<void> {
      await sources.delete(userId, articleId);
      await articles.updateProcessing(userId, articleId, {
        processingStatus: "failed",
        processingError: message,
        processedAt: now(),
        processingRun: null,
      });
    },
  };
}
export type ArticlePipeline = ReturnType<typeof createArticlePipeline>;

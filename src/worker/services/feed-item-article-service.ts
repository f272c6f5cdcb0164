import type { FeedItemExtractsRepository } from "../db/repositories/feed-item-extracts-repository";
import type { FeedSubscriptionsRepository } from "../db/repositories/feed-subscriptions-repository";
import { cutHtmlToUtf8Bytes, utf8Length } from "../domain/article-row-budget";
import { InvalidInput, NotFound } from "../domain/errors";
import { extractArticle, hasTooLittleText } from "../domain/extraction/extract-article";
import { FetchFailure } from "./fetching/fetch-failure";
import { compressText, decompressText } from "./processing/compressed-text";

/**
 * An extracted article kept for a feed item: as much as any long read, and, compressed, far under D1's 2 MB row
 * (HTML compresses 5 to 10 times; even incompressible text stays at 1.33 MB in base64).
 */
export const MAX_EXTRACT_BYTES = 1_000_000;
const SHORTENED = "<p><em>This article was shortened here; the rest is on its site.</em></p>";

/** Fetches a page as a saved link's is fetched: through the SSRF guard, size and time capped. */
export type FetchGuardedPage = (url: string) => Promise<{ url: string; html: string }>;

interface Deps {
  subscriptions: Pick<FeedSubscriptionsRepository, "findItem">;
  extracts: FeedItemExtractsRepository;
  fetchPage: FetchGuardedPage;
  now?: () => number;
}

/**
 * The article behind a feed item whose feed gives only a summary: fetched and extracted as a saved link is (the same
 * guarded fetch, the same extractor and sanitiser) the first time a reader opens it, then kept on the item for every
 * reader of the feed. A page that cannot be fetched or read is an answer with the reason, never an error, and is not
 * kept, so opening the item later tries again.
 */
export function createFeedItemArticleService({ subscriptions, extracts, fetchPage, now = Date.now }: Deps) {
  return {
    async article(userId: number, itemId: number) {
      const item = await subscriptions.findItem(userId, itemId);
      if (!item) throw new NotFound("Feed item not found");
      if (!item.url) throw new InvalidInput("This item has no link: its whole text is the feed's");
      const cached = await extracts.find(item.id);
      if (cached) {
        return {
          url: cached.url,
          title: cached.title,
          content_html: await decompressText(cached.contentGzip),
          extracted_at: cached.extractedAt,
          error: null,
        };
      }
      let page: { url: string; html: string };
      try {
        page = await fetchPage(item.url);
      } catch (error) {
        if (!(error instanceof FetchFailure)) throw error;
        return { url: item.url, title: null, content_html: null, extracted_at: null, error: error.message };
      }
      const extracted = extractArticle(page.html, page.url);
      if (hasTooLittleText(extracted)) {
        return {
          url: page.url,
          title: extracted.title,
          content_html: null,
          extracted_at: null,
          error: "The page has too little text to show here (it may need a browser); open the original",
        };
      }
      const content = cutHtmlToUtf8Bytes(extracted.content, MAX_EXTRACT_BYTES, SHORTENED) ?? "";
      const at = now();
      await extracts.put({
        itemId: item.id,
        url: page.url,
        title: extracted.title,
        contentGzip: await compressText(content),
        contentBytes: utf8Length(content),
        extractedAt: at,
      });
      return { url: page.url, title: extracted.title, content_html: content, extracted_at: at, error: null };
    },
  };
}
export type FeedItemArticleService = ReturnType<typeof createFeedItemArticleService>;

/** Readable-article extraction for fetched pages; see extract-article.ts. */
export { type ExtractedArticle, extractArticle, hasTooLittleText, htmlToText } from "./extract-article";

import { cutHtmlToUtf8Bytes } from "../article-row-budget";
import { escapeHtml } from "../escape-html";
import { extractArticle, hasTooLittleText } from "../extraction/extract-article";
import { sanitizeHtml } from "../extraction/sanitize-html";
import { type FeedItem, toFeedItem } from "../feeds/feed-item";
import { newsletterDocument } from "./email-intent";
import { extractEmailLinks, findViewInBrowserLink } from "./email-links";

/**
 * A newsletter's content kept in the Feed: well under D1's 2 MB row, and far more than any issue's text (the rest
 * of a large mail is layout and inline pictures).
 */
export const MAX_NEWSLETTER_CONTENT_BYTES = 1_000_000;
const SHORTENED = "<p><em>This newsletter was shortened to fit the Feed.</em></p>";
/** A date this far ahead of its arrival is a wrong clock, not a schedule: the arrival time is used. */
const FUTURE_SLACK_MS = 2 * 86_400_000;

export interface NewsletterMail {
  messageId?: string;
  subject?: string;
  html?: string;
  text?: string;
  /** ISO 8601 (postal-mime's reading of Date), or whatever the header said. */
  date?: string;
  fromName: string;
}

/** Plain text as paragraphs, escaped: a text-only newsletter. */
function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * One received newsletter as a Feed item: its readable content (extracted as a saved page is, which drops the
 * layout tables, tracking pixels and footers; the whole mail sanitised when extraction finds too little), cut to
 * MAX_NEWSLETTER_CONTENT_BYTES; its web copy as the link when it names one; its Message-ID as the key, so a mail
 * delivered twice is one item. Pure: the caller parsed the mail.
 */
export function newsletterItem(mail: NewsletterMail, emailDomain: string, receivedAt: number): FeedItem {
  const subject = mail.subject?.replace(/\s+/g, " ").trim() || "Newsletter";
  const html = mail.html?.trim() ? mail.html : textToHtml(mail.text ?? "");
  const webCopy = findViewInBrowserLink(extractEmailLinks({ html: mail.html, text: mail.text })) ?? null;
  // Relative links in a mail mean nothing; the web copy (when there is one) is the only sensible base.
  const base = webCopy ?? `https://${emailDomain}/mail/`;
  const extracted = extractArticle(newsletterDocument(html, subject), base);
  const content = hasTooLittleText(extracted) ? sanitizeHtml(html, base) : extracted.content;
  const dated = mail.date ? Date.parse(mail.date) : Number.NaN;
  const publishedAt = Number.isFinite(dated) && dated <= receivedAt + FUTURE_SLACK_MS ? dated : receivedAt;
  const messageId = mail.messageId?.trim().replace(/^<|>$/g, "");
  return toFeedItem({
    id: messageId ? `mail:${messageId}` : null,
    url: webCopy,
    title: subject,
    author: mail.fromName,
    publishedAt,
    summary: null,
    contentHtml: cutHtmlToUtf8Bytes(content, MAX_NEWSLETTER_CONTENT_BYTES, SHORTENED) ?? "",
  });
}

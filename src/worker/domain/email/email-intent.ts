import { type EmailLink, extractEmailLinks, findViewInBrowserLink, wordCount } from "./email-links";

/**
 * What a received email asks for. A forward ("Fwd:"/"Fw:" subject) or a short note is a list of links to save;
 * anything else with at least NEWSLETTER_MIN_WORDS words of HTML prose is a newsletter, saved as one article.
 */
export const NEWSLETTER_MIN_WORDS = 150;

export type EmailIntent =
  | { kind: "links"; urls: string[] }
  | { kind: "newsletter"; html: string; title: string; viewInBrowserUrl?: string }
  | { kind: "empty" };

const FORWARD_SUBJECT = /^\s*(?:fwd?|tr|wg|rv)\s*:/i;

export function decideEmailIntent(email: { subject?: string; html?: string; text?: string }): EmailIntent {
  const subject = email.subject?.trim() ?? "";
  const links: EmailLink[] = extractEmailLinks(email);
  const isForward = FORWARD_SUBJECT.test(subject);
  if (!isForward && email.html && wordCount(email.html) >= NEWSLETTER_MIN_WORDS) {
    return {
      kind: "newsletter",
      html: email.html,
      title: subject || "Newsletter",
      viewInBrowserUrl: findViewInBrowserLink(links),
    };
  }
  if (links.length === 0) return { kind: "empty" };
  return { kind: "links", urls: links.map((link) => link.url) };
}

/** `save-<token>@<domain>` → the token, or undefined for any other address (another domain, another shape). */
export function addressToken(address: string, domain: string): string | undefined {
  const match = /^save-([a-z0-9]{20,64})@(.+)$/i.exec(address.trim());
  if (!match || match[2]?.toLowerCase() !== domain.toLowerCase()) return undefined;
  return match[1]?.toLowerCase();
}

/** An envelope or header address, bare: "Ann <Ann@Example.com>" → "ann@example.com". */
export function bareAddress(address: string): string {
  const angled = /<([^>]+)>/.exec(address);
  return (angled?.[1] ?? address).trim().toLowerCase();
}

const HAS_TITLE = /<title\b[^>]*>\s*[^<\s]/i;
const HEAD_OPEN = /<head\b[^>]*>/i;
const HTML_OPEN = /<html\b[^>]*>/i;

/**
 * A newsletter's HTML as the page to extract: mail clients show the subject as its title, and newsletters rarely
 * carry a <title> of their own, so the subject becomes one (escaped) unless the HTML has a non-empty title. It goes
 * inside <head> (made when missing), since the extractor's parser is not the browser's and keeps a stray <title>
 * where it finds it.
 */
export function newsletterDocument(html: string, subject: string): string {
  if (HAS_TITLE.test(html)) return html;
  const escaped = subject.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const title = `<title>${escaped}</title>`;
  const insertAfter = (match: RegExpExecArray, text: string) =>
    `${html.slice(0, match.index + match[0].length)}${text}${html.slice(match.index + match[0].length)}`;
  const head = HEAD_OPEN.exec(html);
  if (head) return insertAfter(head, title);
  const root = HTML_OPEN.exec(html);
  if (root) return insertAfter(root, `<head>${title}</head>`);
  return `<!doctype html><html><head>${title}</head><body>${html}</body></html>`;
}

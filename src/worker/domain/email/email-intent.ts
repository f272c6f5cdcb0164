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

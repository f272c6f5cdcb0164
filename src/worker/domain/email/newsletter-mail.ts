/**
 * Telling a newsletter from other mail by its headers, and reading its List-Unsubscribe. Mailing-list software and
 * newsletter platforms (Substack, Mailchimp, Buttondown, Ghost...) mark bulk mail with List-Id / List-Unsubscribe /
 * List-Post (RFC 2369, 2919) or Precedence: bulk; a person writing to the reader does not.
 */

export interface MailHeader {
  /** Lower-case header name. */
  key: string;
  value: string;
}

const LIST_HEADERS = new Set(["list-id", "list-unsubscribe", "list-post"]);
const BULK_PRECEDENCE = /^\s*(?:bulk|list)\b/i;

/** True when the headers mark the mail as sent to a list: a newsletter rather than a personal message. */
export function hasNewsletterHeaders(headers: readonly MailHeader[]): boolean {
  return headers.some(
    (header) =>
      (LIST_HEADERS.has(header.key) && header.value.trim() !== "") ||
      (header.key === "precedence" && BULK_PRECEDENCE.test(header.value)),
  );
}

export interface UnsubscribeTargets {
  /** An https (or http) page that unsubscribes, or null. */
  url: string | null;
  /** The address a mail to which unsubscribes (a full mailto: URL, subject kept), or null. */
  mailto: string | null;
}

const MAX_TARGET_CHARS = 2048;

/**
 * List-Unsubscribe (RFC 2369): angle-bracketed URLs, comma-separated, in order of the sender's preference. Only an
 * http(s) page and a mailto: address are kept (both shown to the reader, who chooses); anything else (javascript:,
 * a bare word) is ignored.
 */
export function parseListUnsubscribe(value: string | undefined): UnsubscribeTargets {
  const targets: UnsubscribeTargets = { url: null, mailto: null };
  if (!value) return targets;
  for (const match of value.matchAll(/<([^>]*)>/g)) {
    const candidate = (match[1] ?? "").replace(/\s+/g, "");
    if (candidate.length === 0 || candidate.length > MAX_TARGET_CHARS) continue;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      continue;
    }
    if ((url.protocol === "https:" || url.protocol === "http:") && !targets.url) targets.url = url.href;
    else if (url.protocol === "mailto:" && !targets.mailto && /^mailto:[^@\s]+@[^@\s]+/i.test(url.href)) {
      targets.mailto = url.href;
    }
  }
  return targets;
}

/** The first value of a header, or undefined. */
export function headerValue(headers: readonly MailHeader[], key: string): string | undefined {
  return headers.find((header) => header.key === key)?.value;
}

const MAX_ADDRESS_CHARS = 254;
/** A source's name is a label in a list; a display name longer than this is a sentence, cut. */
const MAX_NAME_CHARS = 120;

/** A newsletter's sender: its From address (lower-case), and a display name for the source. */
export function newsletterSender(from: { name?: string; address?: string } | undefined): {
  address: string;
  name: string;
} | null {
  const address = from?.address?.trim().toLowerCase();
  // RFC 5321's limit on an address; a longer "address" is not one a reply could reach.
  if (!address || address.length > MAX_ADDRESS_CHARS || !/^[^@\s]+@[^@\s]+$/.test(address)) return null;
  const name = from?.name?.replace(/\s+/g, " ").trim().slice(0, MAX_NAME_CHARS).trim();
  return { address, name: name || address };
}

/**
 * Article URLs: what a user may save, and the normalised form that decides duplicates (decisions.md):
 * lower-case scheme and host, no default port, no fragment, no tracking parameters (utm_*, fbclid, gclid,
 * mc_*), remaining parameters sorted, no trailing slash on the path.
 */
import { hasLoneSurrogate } from "./valid-text";

export const MAX_URL_LENGTH = 2048;

const TRACKING_PARAMETER = /^(utm_.*|fbclid|gclid|mc_.*)$/i;

export type UrlCheck = { ok: true; url: string; normalizedUrl: string; domain: string } | { ok: false; error: string };

export function checkArticleUrl(input: unknown): UrlCheck {
  if (typeof input !== "string") return { ok: false, error: "url must be a string" };
  const raw = input.trim();
  if (!raw) return { ok: false, error: "url is required" };
  if (raw.length > MAX_URL_LENGTH) {
    return { ok: false, error: `url is longer than ${MAX_URL_LENGTH.toLocaleString("en-US")} characters` };
  }
  if (!/^https?:\/\//i.test(raw)) return { ok: false, error: "url must start with http:// or https://" };
  // The URL parser would drop or encode these (a NUL as %00, an unpaired surrogate as the same "�" for any of
  // them), so two different inputs could become one saved URL.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { ok: false, error: "url must not contain control characters" };
  if (hasLoneSurrogate(raw)) return { ok: false, error: "url contains characters that are not valid text" };
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return { ok: false, error: "url is not a valid web address" };
  }
  if (!parsed.hostname) return { ok: false, error: "url has no host name" };
  if (parsed.username || parsed.password) return { ok: false, error: "url must not contain a user name or password" };
  return { ok: true, url: raw, normalizedUrl: normalizeParsedUrl(parsed), domain: domainOf(parsed) };
}

export function normalizeArticleUrl(input: string): string {
  return normalizeParsedUrl(new URL(input));
}

function normalizeParsedUrl(parsed: URL): string {
  // URL already lower-cases scheme and host and drops the scheme's default port.
  const params = [...parsed.searchParams].filter(([key]) => !TRACKING_PARAMETER.test(key));
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : "";
  const path = parsed.pathname.replace(/\/+$/, "");
  return `${parsed.protocol}//${parsed.host}${path}${query}`;
}

/** The host a card shows: lower-case, without a leading "www.". */
export function domainOf(parsed: URL): string {
  return parsed.hostname.replace(/^www\./, "");
}

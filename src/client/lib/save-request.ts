import { isValidArticleUrl, URL_MESSAGES } from "./url-input";

export type SaveRequest = { ok: true; url: string; title: string | null } | { ok: false; message: string };

const FIRST_HTTP_URL = /https?:\/\/[^\s<>"']+/i;

/**
 * What /#/save was asked to save. `url` wins; without it, the first http(s) URL inside `text` (a phone's share
 * sheet often puts the link there, after the page's title). The same URL rule as the add box.
 */
export function readSaveRequest(params: URLSearchParams): SaveRequest {
  const title = params.get("title")?.trim() || null;
  const given = params.get("url")?.trim();
  const url = given || FIRST_HTTP_URL.exec(params.get("text") ?? "")?.[0]?.replace(/[.,;:!?)\]]+$/, "");
  if (!url) return { ok: false, message: "There is no link to save: the address had no url (or text with a link)." };
  if (!isValidArticleUrl(url)) return { ok: false, message: URL_MESSAGES.invalid };
  return { ok: true, url, title };
}

import { generateOpml, type Opml, parseOpml } from "feedsmith";
import { clip, resolveUrl } from "./feed-text";

/** One subscription in an OPML file. `folder` is the outline it sits in (nested folders joined with " / "). */
export interface OpmlSubscription {
  url: string;
  title: string | null;
  siteUrl: string | null;
  folder: string | null;
}

/** The most subscriptions one file may bring: beyond this, a file is an archive, not a reading list. */
export const MAX_OPML_SUBSCRIPTIONS = 2_000;
/** Longest folder name kept. */
export const MAX_FOLDER_CHARS = 100;

export type OpmlParseResult =
  | { ok: true; subscriptions: OpmlSubscription[]; skipped: number }
  | { ok: false; error: string };

type Outline = Opml.Outline<string>;

/**
 * An OPML file (1.0 or 2.0; Feedly, Inoreader, NetNewsWire, Feedbin...) to its feed subscriptions with their
 * folders. Outlines without an http(s) `xmlUrl` are folders or skipped; the same feed twice is listed once.
 */
export function parseOpmlSubscriptions(text: string): OpmlParseResult {
  let opml: Opml.Document<string>;
  try {
    opml = parseOpml<string>(text.replace(/<!DOCTYPE\s[^[>]*(?:\[[\s\S]*?\]\s*)?>/i, ""));
  } catch {
    return { ok: false, error: "The file is not an OPML file (an export of subscriptions from a feed reader)" };
  }
  const subscriptions: OpmlSubscription[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  const walk = (outlines: Outline[] | undefined, folder: string | null) => {
    for (const outline of outlines ?? []) {
      // Attributes are plain text (the parser has decoded their entities): "<" in a title is a character, not a tag.
      const name = clip((outline.title ?? outline.text ?? "").replace(/\s+/g, " ").trim(), 300) || null;
      if (outline.xmlUrl) {
        const url = resolveUrl(outline.xmlUrl, null);
        if (!url || seen.has(url) || subscriptions.length >= MAX_OPML_SUBSCRIPTIONS) {
          skipped++;
          continue;
        }
        seen.add(url);
        subscriptions.push({ url, title: name, siteUrl: resolveUrl(outline.htmlUrl, url), folder });
      } else if (outline.outlines?.length) {
        const path = [folder, name].filter(Boolean).join(" / ");
        walk(outline.outlines, path ? path.slice(0, MAX_FOLDER_CHARS) : folder);
      }
    }
  };
  walk(opml.body?.outlines, null);
  return { ok: true, subscriptions, skipped };
}

/** Every subscription as OPML 2.0, one outline per folder (in first-seen order), feeds without one at the top. */
export function buildOpml(subscriptions: OpmlSubscription[], title: string, now: number): string {
  const feedOutline = (s: OpmlSubscription): Outline => ({
    text: s.title ?? s.url,
    title: s.title ?? s.url,
    type: "rss",
    xmlUrl: s.url,
    ...(s.siteUrl ? { htmlUrl: s.siteUrl } : {}),
  });
  const folders = new Map<string, Outline[]>();
  const top: Outline[] = [];
  for (const s of subscriptions) {
    if (!s.folder) {
      top.push(feedOutline(s));
      continue;
    }
    const list = folders.get(s.folder) ?? [];
    list.push(feedOutline(s));
    folders.set(s.folder, list);
  }
  const outlines = [...top, ...[...folders].map(([name, outlines]) => ({ text: name, title: name, outlines }))];
  // feedsmith refuses a body without outlines; a reader with nothing to export still gets a valid, empty file.
  if (outlines.length === 0) {
    const escaped = title.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    return `<?xml version="1.0" encoding="utf-8"?>\n<opml version="2.0"><head><title>${escaped}</title><dateCreated>${new Date(now).toUTCString()}</dateCreated></head><body/></opml>\n`;
  }
  return generateOpml({ head: { title, dateCreated: new Date(now).toUTCString() }, body: { outlines } });
}

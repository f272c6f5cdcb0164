import { scanHtml } from "./html-links";
import { cleanTitle, createCollector, type ParsedImport, splitTags } from "./import-item";

const RATINGS: Record<string, -1 | 0 | 1> = { good: 1, alright: 0, poor: -1 };

/** Top-level folders every browser has: they hold links, they are not topics. */
const BROWSER_ROOTS = new Set([
  "bookmarks",
  "bookmarks bar",
  "bookmarks toolbar",
  "bookmarks menu",
  "other bookmarks",
  "mobile bookmarks",
  "favorites",
  "favorites bar",
]);

/**
 * The Netscape bookmark file every browser, Linkwarden and Raindrop export: `<DT><A HREF ADD_DATE TAGS>` inside
 * nested `<DL>` lists under `<H3>` folder names. The folders a link sits in become its tags (browser root
 * folders excepted), plus its own `TAGS` (comma-separated). `ADD_DATE` is unix seconds. `TOREAD="0"` is read and
 * `RATING` (good, alright, poor) a rating: our own HTML export writes both. Each link is a row.
 */
export function parseNetscapeHtml(html: string): ParsedImport {
  const collector = createCollector();
  const folders: (string | null)[] = [];
  let pendingFolder: string | null = null;
  let row = 0;
  for (const event of scanHtml(html)) {
    if (event.kind === "heading") {
      // The <H1> title of the file names no folder; an <H3> names the <DL> that follows it.
      pendingFolder = event.level === 1 ? null : event.text;
    } else if (event.kind === "list-open") {
      folders.push(pendingFolder);
      pendingFolder = null;
    } else if (event.kind === "list-close") {
      folders.pop();
    } else {
      row += 1;
      const href = event.attributes.get("href");
      const folderTags = folders.filter((f): f is string => f !== null && !BROWSER_ROOTS.has(f.toLowerCase()));
      collector.add(row, href, {
        title: cleanTitle(event.text),
        savedAt: collector.date(row, event.attributes.get("add_date"), "ADD_DATE"),
        // TOREAD="0" (our export, Pinboard) is read; browsers write no TOREAD: unread.
        read: event.attributes.get("toread")?.trim() === "0",
        readAt: null,
        rating: RATINGS[event.attributes.get("rating")?.trim().toLowerCase() ?? ""] ?? null,
        tags: [...folderTags, ...splitTags(event.attributes.get("tags"), ",")],
      });
    }
  }
  return collector.parsed;
}

import { MalformedImport } from "./import-item";

/**
 * Files of apps whose format this importer does not read, told by their JSON keys, with what to upload instead.
 * Each answer names the app, so a user is not left guessing why a real export was refused.
 */
const KNOWN_APPS: { app: string; test: RegExp[]; instead: string }[] = [
  {
    app: "Chrome (or Edge, Brave)",
    test: [/"roots"\s*:\s*\{/, /"bookmark_bar"\s*:/],
    instead:
      "this is the browser's internal Bookmarks file. In the bookmarks manager choose Export bookmarks and upload that HTML file",
  },
  {
    app: "Firefox",
    test: [/"text\/x-moz-place(-container)?"/],
    instead:
      "this is a JSON bookmarks backup. In Firefox's Library choose Import and Backup, then Export Bookmarks to HTML, and upload that HTML file",
  },
  {
    app: "Linkwarden",
    test: [/"collections"\s*:\s*\[/],
    instead:
      "its JSON backup is not read here. Export your links from Linkwarden as a bookmarks HTML file and upload that",
  },
  {
    app: "Omnivore",
    test: [/"slug"\s*:/, /"(readingProgress|savedAt)"\s*:/],
    instead:
      "this is one metadata file of Omnivore's export. Upload the whole zip Omnivore exported (it holds them all)",
  },
  {
    app: "Pinboard",
    test: [/"href"\s*:/, /"(toread|extended)"\s*:/],
    instead: "its JSON export is not read here. Download Pinboard's HTML (Netscape) export and upload that",
  },
  {
    app: "wallabag",
    test: [/"is_archived"\s*:/, /"is_starred"\s*:/],
    instead: "its JSON export is not read here. Export your entries from wallabag as CSV and upload that",
  },
  {
    app: "GoodLinks",
    test: [/"addedAt"\s*:/, /"starred"\s*:/],
    instead:
      "its JSON export is not read here. Upload the links as a list (one per line) or as a CSV with a url column",
  },
];

/** Throws MalformedImport naming the app when the start of a JSON file is one of the known unread formats. */
export function refuseKnownApp(head: string): void {
  for (const { app, test, instead } of KNOWN_APPS) {
    if (test.every((pattern) => pattern.test(head))) {
      throw new MalformedImport(`This looks like a ${app} export: ${instead}.`);
    }
  }
}

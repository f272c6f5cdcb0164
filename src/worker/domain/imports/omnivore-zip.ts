import { strFromU8 } from "fflate";
import { cleanTitle, createCollector, MalformedImport, type ParsedImport } from "./import-item";
import { isRecord, readJson, stringList } from "./read-json";
import { OMNIVORE_METADATA, unzipNumberedParts } from "./zip-export";

/**
 * Omnivore's export zip: `metadata_<from>_to_<to>.json` files, each an array of `{ id, slug, title, url, state,
 * readingProgress, labels: [name], savedAt (ISO), updatedAt, publishedAt }`, beside `content/<slug>.html` and
 * highlights. Only the metadata files are unzipped (the content, tens of MB, never is). State `Archived` means
 * read, as does a reading progress of 100. Rows are numbered across the files in their order.
 */
export function parseOmnivoreZip(bytes: Uint8Array): ParsedImport {
  const parts = unzipNumberedParts(bytes, OMNIVORE_METADATA, "The zip has no Omnivore metadata_*.json file");
  const collector = createCollector();
  let row = 0;
  for (const [name, file] of parts) {
    const entries = readJson(strFromU8(file), name);
    if (!Array.isArray(entries)) throw new MalformedImport(`${name} is not a list of articles`);
    for (const entry of entries) {
      row += 1;
      if (!isRecord(entry)) {
        collector.invalid(row, "the entry is not an object");
        continue;
      }
      const state = typeof entry.state === "string" ? entry.state.toLowerCase() : "";
      collector.add(row, entry.url, {
        title: cleanTitle(entry.title),
        savedAt: collector.date(row, entry.savedAt, "savedAt"),
        read: state === "archived" || Number(entry.readingProgress) >= 100,
        readAt: null,
        rating: null,
        tags: stringList(entry.labels),
      });
    }
  }
  return collector.parsed;
}

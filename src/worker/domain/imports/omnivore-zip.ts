import { strFromU8 } from "fflate";
import { cleanTitle, createCollector, MalformedImport, type ParsedImport } from "./import-item";
import { type KeptByReader, keptHighlight, noKept } from "./kept";
import { parseOmnivoreHighlights } from "./omnivore-highlights";
import { isRecord, readJson, stringList } from "./read-json";
import { OMNIVORE_HIGHLIGHTS, OMNIVORE_METADATA, unzipMatching, unzipNumberedParts } from "./zip-export";

/**
 * Omnivore's export zip: `metadata_<from>_to_<to>.json` files, each an array of `{ id, slug, title, url, state,
 * readingProgress, labels: [name], savedAt (ISO), updatedAt, publishedAt }`, beside `content/<slug>.html` and
 * `highlights/<slug>.md` (see omnivore-highlights.ts). Only the metadata and highlights files are unzipped (the
 * content, tens of MB, never is). State `Archived` means read, as does a reading progress of 100. Rows are
 * numbered across the files in their order. An entry's own `highlights` list (`{ quote, annotation, color }`, as
 * Omnivore's API gives them and some export scripts wrote them) is read too.
 */
export function parseOmnivoreZip(bytes: Uint8Array): ParsedImport {
  const parts = unzipNumberedParts(bytes, OMNIVORE_METADATA, "The zip has no Omnivore metadata_*.json file");
  const highlightFiles = new Map(
    Object.entries(unzipMatching(bytes, OMNIVORE_HIGHLIGHTS)).map(([name, file]) => [
      OMNIVORE_HIGHLIGHTS.exec(name)?.[2] ?? name,
      strFromU8(file),
    ]),
  );
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
        kept: omnivoreKept(entry, highlightFiles, (reason) => collector.warn(row, reason)),
      });
    }
  }
  return collector.parsed;
}

function omnivoreKept(
  entry: Record<string, unknown>,
  files: Map<string, string>,
  warn: (reason: string) => void,
): KeptByReader {
  const kept = noKept();
  const file = typeof entry.slug === "string" ? files.get(entry.slug) : undefined;
  const parsed = file ? parseOmnivoreHighlights(file) : { note: null, highlights: [] };
  const listed = Array.isArray(entry.highlights) ? entry.highlights.filter(isRecord) : [];
  const raws = [
    ...parsed.highlights.map((h) => ({ quote: h.quote, note: h.note, color: undefined })),
    ...listed
      .filter((h) => h.type === undefined || h.type === "HIGHLIGHT")
      .map((h) => ({
        quote: typeof h.quote === "string" ? h.quote.trim() : h.quote,
        note: h.annotation,
        color: h.color,
      })),
  ];
  for (const [index, raw] of raws.entries()) {
    const highlight = keptHighlight(raw);
    if (typeof highlight === "string") warn(`highlight ${index + 1} not imported: ${highlight}`);
    else kept.highlights.push(highlight);
  }
  const listedNote = listed.find((h) => h.type === "NOTE" && typeof h.annotation === "string");
  kept.note = parsed.note ?? (typeof listedNote?.annotation === "string" ? listedNote.annotation.trim() || null : null);
  return kept;
}

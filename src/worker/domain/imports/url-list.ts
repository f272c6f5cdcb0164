import { createCollector, type ParsedImport } from "./import-item";

/**
 * A plain list of links, one a line (blank lines and `#` comments skipped). Each non-blank line is a row,
 * numbered by its line in the file.
 */
export function parseUrlList(text: string): ParsedImport {
  const collector = createCollector();
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((line, index) => {
      const value = line.trim();
      if (!value || value.startsWith("#")) return;
      collector.add(index + 1, value, {
        title: null,
        savedAt: null,
        read: false,
        readAt: null,
        rating: null,
        tags: [],
      });
    });
  return collector.parsed;
}

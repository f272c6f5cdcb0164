import { bareLink, cleanTitle, createCollector, type ParsedImport } from "./import-item";

/** A OneTab line: the link, " | ", the tab's title. */
export const ONETAB_LINE = /^(\S+) \| (.*)$/;

/**
 * OneTab's "Export URLs" text: one tab a line, `https://example.com/page | Page title`, blank lines between the
 * groups. A line without the ` | ` is a bare link. Each non-blank line is a row, numbered by its line.
 */
export function parseOneTab(text: string): ParsedImport {
  const collector = createCollector();
  text.split(/\r?\n/).forEach((line, index) => {
    const value = line.trim();
    if (!value) return;
    const match = ONETAB_LINE.exec(value);
    collector.add(index + 1, match ? match[1] : value, bareLink(match ? cleanTitle(match[2]) : null));
  });
  return collector.parsed;
}

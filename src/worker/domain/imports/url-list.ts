import { bareLink, createCollector, type ParsedImport } from "./import-item";

/**
 * Whether a line with commas is a CSV row rather than a link: a URL may hold commas (Wikipedia's
 * `Washington,_D.C.`), but not spaces or quotes, and no cell after a comma of a link is empty, a number or a date.
 */
export function isCsvLine(line: string): boolean {
  if (!line.includes(",")) return false;
  if (/[\s"]/.test(line)) return true;
  return line
    .split(",")
    .slice(1)
    .some((cell) => cell === "" || /^\d[\d\-:.TZ+]*$/.test(cell) || /^https?:/i.test(cell));
}

/**
 * A plain list of links, one a line (blank lines and `#` comments skipped). Each non-blank line is a row,
 * numbered by its line in the file. A line that is a CSV row is refused, never stored as a URL.
 */
export function parseUrlList(text: string): ParsedImport {
  const collector = createCollector();
  text.split(/\r?\n/).forEach((line, index) => {
    const value = line.trim();
    if (!value || value.startsWith("#")) return;
    if (isCsvLine(value)) {
      collector.invalid(
        index + 1,
        "the line is a row of a CSV, not a link: give the file a header row with a url column",
      );
      return;
    }
    collector.add(index + 1, value, bareLink());
  });
  return collector.parsed;
}

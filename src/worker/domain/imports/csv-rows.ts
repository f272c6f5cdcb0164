import Papa from "papaparse";
import { MalformedImport } from "./import-item";

/** A CSV data row by lower-cased, trimmed header name, with its 1-based row number (header not counted). */
export interface CsvRecord {
  row: number;
  get(column: string): string | undefined;
}

/**
 * Reads a CSV with a header row (BOM stripped; quoted fields may hold commas, quotes and newlines).
 * Throws MalformedImport naming the row for a quote that is never closed (the rest of the file would be one
 * field), or when a `required` column is not in the header. A row with fewer cells than the header reads its
 * missing columns as empty; each format decides whether the row is still usable.
 */
export function readCsv(text: string, required: string[]): CsvRecord[] {
  return readCsvTable(text, required).records;
}

/** readCsv with the header's names (lower-cased, trimmed). The delimiter (`,` `;` tab) is found from the file. */
export function readCsvTable(text: string, required: string[]): { names: string[]; records: CsvRecord[] } {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header, ...data] = result.data;
  if (!header) throw new MalformedImport("The file is empty");
  const names = header.map((name) =>
    name
      .replace(/^\uFEFF/, "")
      .trim()
      .toLowerCase(),
  );
  const missing = required.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    throw new MalformedImport(`The file has no "${missing.join('", "')}" column in its first row`);
  }
  for (const error of result.errors) {
    // Papa's row index counts the header as row 0, so it is already the 1-based data row.
    const row = error.row ?? 0;
    if (error.code === "MissingQuotes") {
      throw new MalformedImport(`Row ${row}: a quoted field is never closed`);
    }
  }
  // The first column of a name wins (a file with two "url" columns reads the first).
  const index = new Map([...names.entries()].reverse().map(([i, name]) => [name, i]));
  const records = data.map((cells, i) => ({
    row: i + 1,
    get: (column: string) => {
      const at = index.get(column);
      return at === undefined ? undefined : cells[at];
    },
  }));
  return { names, records };
}

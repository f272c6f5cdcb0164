import { closestAncestor, type DomElement } from "./dom";
import { goodTextLength } from "./text-blocks";

/** Rows from which a table is a list of records (names, figures, addresses), not a page's layout. */
const MIN_RECORD_ROWS = 10;
/** Characters of article text below which Readability's choice holds no prose to speak of. */
const MAX_PROSE_OF_A_MISS = 200;

/**
 * Readability scores each table cell of 25 characters or more as if it were a paragraph, so a story that embeds a
 * long table of records (every MP's name and email address, 650 rows) lost to its own table: Readability returned
 * the table alone, and the story around it was gone. Such a choice holds a table of records and next to no prose
 * (jusText's measures: blocks long enough, few links, enough stop words). It is then worth a second reading of the
 * page with its record tables set aside (`setRecordTablesAside`), put back afterwards (`putRecordTablesBack`).
 */
export function choseARecordTable(content: DomElement, stopWords: ReadonlySet<string>): boolean {
  // Rows, not tables: when Readability picks the table's body itself, its result is the rows in a <div>.
  if (content.querySelectorAll("tr").length < MIN_RECORD_ROWS) return false;
  return goodTextLength(content, stopWords) < MAX_PROSE_OF_A_MISS;
}

/**
 * Marks the place of a record table set aside. Its text, invisible separators (text to Readability, not
 * whitespace), is long enough for Readability to keep it as it keeps a paragraph of 80+ characters beside the
 * story it chose, and holds no words for any rule to read.
 */
const SLOT_ATTRIBUTE = "data-record-table";
const SLOT_TEXT = "\u2063".repeat(81);

/**
 * Sets the page's record tables aside before a second reading, each replaced by a paragraph that only marks its
 * place; returns them, for `putRecordTablesBack`.
 */
export function setRecordTablesAside(body: DomElement): DomElement[] {
  const tables = [...body.querySelectorAll("table")].filter(
    (table) => isRecordTable(table) && closestAncestor(table, "table") === null,
  );
  for (const [index, table] of tables.entries()) {
    const slot = table.ownerDocument.createElement("p");
    slot.setAttribute(SLOT_ATTRIBUTE, String(index));
    slot.textContent = SLOT_TEXT;
    table.replaceWith(slot);
  }
  return tables;
}

/**
 * Puts each table set aside back where it stood, when Readability kept its place in the article (a table is part of
 * the story: "below is every MP's address"); a place it did not keep loses its table, as the first reading lost
 * the story.
 */
export function putRecordTablesBack(content: DomElement, tables: readonly DomElement[]): void {
  for (const slot of [...content.querySelectorAll(`p[${SLOT_ATTRIBUTE}]`)]) {
    const table = tables[Number(slot.getAttribute(SLOT_ATTRIBUTE))];
    if (table) slot.replaceWith(table);
    else slot.remove();
  }
}

/**
 * Whether the second reading found the story: clearly more prose than the first (three times as much, and 500
 * characters more: a few paragraphs), so a page whose table is its content keeps it.
 */
export function foundMoreProse(first: DomElement, second: DomElement, stopWords: ReadonlySet<string>): boolean {
  const before = goodTextLength(first, stopWords);
  const after = goodTextLength(second, stopWords);
  return after >= 3 * before && after >= before + 500;
}

function isRecordTable(table: DomElement): boolean {
  // Rows of this table, not of tables nested in it.
  let rows = 0;
  for (const row of table.querySelectorAll("tr")) {
    if (closestAncestor(row, "table") === table) rows++;
    if (rows >= MIN_RECORD_ROWS) return true;
  }
  return false;
}

import { collapseWhitespace, decodeEntities } from "./strings";

const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";

/** Where a byline stops naming people: a date or a weekday, or the start of "Updated …" / "Published …" boilerplate. */
const TRAILER = new RegExp(
  [
    `${MONTH}\\s+\\d{1,2},?\\s+\\d{4}`, // March 25, 2015
    `\\d{1,2}\\.?\\s+${MONTH},?\\s+\\d{4}`, // 22 Dec 2016
    "\\d{4}-\\d{2}-\\d{2}",
    "\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}",
    "\\b(?:last\\s+)?(?:updated|published|posted)\\b",
    "\\b(?:fotos?|photos?|bild(?:er)?|illustrations?)\\s*:",
    "\\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)\\b(?=,|\\s+\\d)",
    "\\b(?:publiziert|veröffentlicht|aktualisiert|erschienen|publié|mis à jour|publicado|actualizado|pubblicato)\\b",
  ].join("|"),
  "i",
);

/**
 * "By", "Written by", "View all posts by", "Autor:", and the same words in the languages users save most.
 */
const PREFIX =
  /^(?:(?:(?:written|posted|reported|published|words|text)\s+)?(?:by|par|por|von)\b|(?:view|see)\s+(?:all\s+)?(?:posts|articles|stories)\s+by\b|(?:autor|autorin|author|auteur|autore|text|texte|texto|interview)\s*:)\s*:?\s*/i;

/** Titles that stand before a name and are not one ("Dr.", "Prof. Dr."). */
const HONORIFICS = /^(?:(?:dr|prof|mag|dipl|ing|med|phil|rer|nat)\.(?:-\w+\.)?\s*)+$/i;

/** An image's credit in the place of a byline: "Mike Blake/Reuters files", "Photo: Jane Roe". */
const CREDIT = /\/\s*\p{L}[^/]*\b(?:files?|photos?|images?)$|^(?:photo|foto|bild|image|picture)s?\s*(?::|by\b)/iu;

/**
 * A reviewer's or an editor's line, not the author's: "Reviewed by …", "Medically reviewed by …", "Fact checked
 * by …", and the same in the languages users save most. A page may print it where a byline goes (a law firm's or a
 * clinic's post, reviewed by one of its people); the author is then whoever else the page names, or nobody.
 */
const REVIEWER =
  /^(?:(?:medically|legally|clinically|editorially|expert)\s+)?(?:reviewed|fact[-\s]?checked|edited|verified)\s+by\b|^(?:(?:medizinisch|fachlich)\s+)?(?:geprüft|überprüft|redigiert)\s+von\b|^(?:relu|vérifié|révisé)\s+par\b|^(?:revisado|verificado)\s+por\b/i;

/** Text that is a button or a link label, not a name ("Full Bio" links to the author's page). */
const NOT_A_NAME =
  /\b(?:follow|share|subscribe|comments?|sign in|log in|read more|min read|profile|profil|bio|biography|biographie|biografie|biografía|about the author|über den autor|zum autor|no author)\b|admin\b/i;

/**
 * The people a byline names, or null when it names nobody. Readability takes the whole byline element,
 * which often carries the date, an "Updated …" line or a "Follow" button; those are cut off, and a byline
 * without a name left (a bare date, "Follow Author") is refused so the caller can use the metadata's author.
 */
export function cleanByline(value: string | null | undefined): string | null {
  if (!value) return null;
  // The first line names the author(s); further lines hold roles, publications and dates.
  const lines = decodeEntities(value)
    .split(/\n/)
    .map(collapseWhitespace)
    .filter((line) => line.length > 0);
  let first = lines[0] ?? "";
  // A lone "By" or "Dr." line belongs to the name on the next line.
  for (let next = 1; lines[next] && (first.replace(PREFIX, "") === "" || HONORIFICS.test(first)); next++) {
    first = `${first} ${lines[next]}`;
  }
  if (CREDIT.test(first) || REVIEWER.test(first)) return null;

  const trailer = first.search(TRAILER);
  const name = (trailer >= 0 ? first.slice(0, trailer) : first)
    .replace(PREFIX, "")
    .replace(/[\s,;:|·•–—-]+$/, "")
    .trim();
  if (!/\p{L}/u.test(name) || name.length > 100 || /\d/.test(name) || NOT_A_NAME.test(name)) return null;
  return name;
}

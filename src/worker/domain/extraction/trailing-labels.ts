import type { DomElement } from "./dom";
import { linkLength, squash } from "./text-blocks";

/**
 * What trails an article without being part of it: a heading with nothing under it ("Mehr Themen:", "Die Karte
 * zum Abspeichern:", "Auch auf …"), a contact label ("Kontakt", "Von:"), a "back to the list" link. jusText's
 * context rule, at the article's end: the page after the article is boilerplate, so a short block that is not a
 * sentence and stands between the last real paragraph and that end is boilerplate too. Read from the end, the
 * article's last blocks are removed while each is a label (at most 60 characters, not ending as a sentence
 * does) or a short line that is mostly link text; the first paragraph, list, table, figure, quote or code block
 * met stops it, and it never takes more than a quarter of the article's text.
 */
const LABEL_MAX = 60;
const LINK_LINE_MAX = 200;
const LINK_DENSE = 0.5;
const MAX_SHARE_REMOVED = 0.25;

/** Blocks taken whole: a list, table, figure, quote or code block at the end is content, and stops the trim. */
export const WHOLE = new Set(["ul", "ol", "dl", "table", "figure", "blockquote", "pre"]);
/** Blocks looked into when they hold other blocks (the whole page, when Readability returns it). */
const CONTAINERS = new Set(["div", "section", "article", "main", "header", "footer", "aside", "span", "body", "html"]);
const BLOCK_SELECTOR = "p, div, section, h1, h2, h3, h4, h5, h6, ul, ol, dl, table, figure, blockquote, pre";

/** A sentence ends with a full stop, a question or exclamation mark, an ellipsis, or a closing quote after one. */
const SENTENCE_END = /[.!?…。！？]["'”’»«)\]]*$/u;

/** Removes the trailing labels of Readability's result; returns how many blocks went. */
export function removeTrailingLabels(root: DomElement): number {
  // The page's notes about itself go whatever stands above them: they never say anything of the story.
  const notes = trailingPageNotes(root);
  for (const note of notes) note.remove();
  return notes.length + removeLabelRun(root);
}

/** The lines at the very end that are the page's notes about itself (PAGE_NOTE_LINE), last first. */
function trailingPageNotes(root: DomElement): DomElement[] {
  const notes: DomElement[] = [];
  for (const block of leafBlocks(root, { fromEnd: true })) {
    const text = squash(block.textContent ?? "");
    if (!text) continue;
    if (WHOLE.has(tagOf(block)) || text.length > LINK_LINE_MAX || !PAGE_NOTE_LINE.test(text)) break;
    notes.push(block);
  }
  return notes;
}

function removeLabelRun(root: DomElement): number {
  const total = squash(root.textContent ?? "").length;
  const run: DomElement[] = [];
  let stopper: DomElement | null = null;
  // Short lines (a name, a phone number, an address) held back until a contact or credit label above them
  // says what they are; if none does, the first of them stops the trim as before.
  let pending: DomElement[] = [];
  for (const block of leafBlocks(root, { fromEnd: true })) {
    const text = squash(block.textContent ?? "");
    if (!text) {
      // An image, a rule or an empty box between labels: passed over, kept.
      if (WHOLE.has(tagOf(block)) && tagOf(block) !== "figure") return 0;
      continue;
    }
    // A list, table or quote is content; a line beside an image is its caption.
    const line = !WHOLE.has(tagOf(block)) && !block.querySelector(MEDIA);
    if (line && isBoxLabel(text) && run.length + pending.length > 0) {
      run.push(...pending, block);
      pending = [];
      continue;
    }
    const label = line && isTrailingLabel(block, text);
    if (!label && line && isContactLine(text) && pending.length < MAX_CONTACT_LINES) {
      pending.push(block);
      continue;
    }
    if (!label || pending.length) {
      stopper = pending[0] ?? block;
      break;
    }
    run.push(block);
  }
  // The labels must follow prose: after verse, lyrics or a list of short lines, short lines are the content.
  if (!run.length || !stopper || !SENTENCE_END.test(squash(stopper.textContent ?? ""))) return 0;
  const runText = run.reduce((sum, block) => sum + squash(block.textContent ?? "").length, 0);
  if (runText > total * MAX_SHARE_REMOVED) return 0;
  for (const block of run) block.remove();
  return run.length;
}

const MEDIA = "img, picture, video, iframe, audio";

/**
 * The label of a contact box at an article's end, alone on its line (de, en, es, fr, it, nl, pl): "Kontakt:",
 * "Pressekontakt", "Von:", "Author". The short lines under it (names, phone numbers, e-mail addresses) go with it.
 */
const CONTACT_LABEL =
  /^(?:(?:presse|medien|media|press|pers)?[-\s]?(?:kontakt|contact|contacto|contatto|contatti)e?s?|ansprechpartner(?:in|innen)?|contact (?:presse|média)|kontakt dla mediów|von|by|autor(?:in)?|author)\s*:?$/iu;
/**
 * A line of the credits at an article's end: roles alone ("Interview", "Fotograf", "Haare & Make-up", "Creative
 * Director & Styling", "Foto-Assistenz"), joined by "&", "und", "and"..., with at most a "für …" after them; the
 * name under each goes with it, as under a contact label.
 */
const ROLE =
  "(?:(?:foto|photo)[-\\s]?)?assist(?:enz|ent(?:in)?|ant|ance)|styling|stylist(?:in)?|make[-\\s]?up|haare|hair|grooming|frisur(?:en)?|(?:creative|art) direct(?:or|ion)|art ?direktion|produktion|production|casting|set[-\\s]?design|fotograf(?:in|ie)?|photograph(?:er|y)|fotos?|photos?|interview|text|redaktion|illustration(?:en)?";
const CREDIT_ROLE_LINE = new RegExp(
  `^(?:${ROLE})(?:\\s*(?:&|\\+|/|,|und|and|et|y)\\s*(?:${ROLE}))*(?:\\s+(?:für|for|pour|para)\\s+[^.!?]{1,60})?\\s*:?$`,
  "iu",
);

/** A contact or credit label, heading the short lines under it. */
function isBoxLabel(text: string): boolean {
  return CONTACT_LABEL.test(text) || CREDIT_ROLE_LINE.test(text);
}

/** A contact box's lines: short, and not sentences. */
const CONTACT_LINE_MAX = 120;
const MAX_CONTACT_LINES = 6;

function isContactLine(text: string): boolean {
  return text.length <= CONTACT_LINE_MAX && !SENTENCE_END.test(text);
}

/**
 * The post's tags or categories, a label and the terms after it ("Tags: Uncategorized", "Schlagwörter: …",
 * "Catégories : …", "Filed under …"): the site's index, not the story.
 */
const TAXONOMY_LINE =
  /^(?:tags?|tagged(?: with| as)?|filed under|posted in|schlagw(?:ö|o)rter|schlagworte?|stichw(?:ö|o)rter|kategorien?|themen|abgelegt unter|categor(?:y|ies)|catégories?|étiquettes?|mots[- ]clés|categorías?|etiquetas|categori[ae]|etichette|categorieën|trefwoorden|kategori[ae]|tagi|tematy)\s*:/iu;

/**
 * A line of the page about the page, not the story: "This page was last modified on Dec 17, 2025 by MDN
 * contributors.", a wiki's "This page was last edited on 3 May 2025, at 10:12 (UTC)." (en, de, fr, es, it, nl, pl,
 * pt), a forum's "This topic was automatically closed after 30 days. New replies are no longer allowed."
 */
const PAGE_NOTE_LINE = new RegExp(
  [
    "^(?:this (?:page|article|post|topic|thread|discussion) (?:was|has been) (?:last (?:modified|edited|updated|changed)|automatically (?:closed|opened|archived|locked))",
    "diese seite wurde zuletzt",
    "dieses thema wurde (?:\\S+ ){0,4}automatisch geschlossen",
    "la dernière modification de cette page",
    "esta página se editó por última vez",
    "questa pagina è stata modificata per l'ultima volta",
    "deze pagina is (?:het )?laatst bewerkt",
    "tę stronę ostatnio edytowano",
    "esta página foi editada pela última vez)",
  ].join("|"),
  "iu",
);

/**
 * A label: a heading, or a short line that ends with a colon ("Von:", "Mehr Themen:") or is cut into parts by
 * bars ("Kommentarfeed | Kommentare geschlossen"); a short line mostly of link text; or the post's tags line. A short line of plain
 * words is not one: it is as likely the author's sign-off ("XX, Die Redaktion").
 */
function isTrailingLabel(block: DomElement, text: string): boolean {
  if (text.length <= LINK_LINE_MAX && TAXONOMY_LINE.test(text)) return true;
  if (text.length <= LABEL_MAX && !SENTENCE_END.test(text)) {
    if (/^h[1-6]$/.test(tagOf(block)) || block.querySelector("h1, h2, h3, h4, h5, h6")) return true;
    if (/:$/.test(text) || / [|·•] /.test(text)) return true;
  }
  return text.length <= LINK_LINE_MAX && linkLength(block) >= LINK_DENSE * text.length;
}

/**
 * The leaf blocks of `element` in reading order, or last first: containers holding blocks are looked into, the rest
 * taken whole.
 */
export function* leafBlocks(element: DomElement, { fromEnd }: { fromEnd: boolean }): Generator<DomElement> {
  const children = [...element.children];
  for (const child of fromEnd ? children.reverse() : children) {
    // Readability creates its wrappers as "DIV": tag names are compared in lower case.
    if (CONTAINERS.has(tagOf(child)) && child.querySelector(BLOCK_SELECTOR)) yield* leafBlocks(child, { fromEnd });
    else yield child;
  }
}

export function tagOf(element: DomElement): string {
  return element.localName.toLowerCase();
}

import { xmlText } from "../feeds/atom";
import { EPUB_MEDIA_TYPE } from "./epub";

/**
 * An OPDS 1.2 acquisition feed (https://specs.opds.io/opds-1.2): Atom whose entries each have an acquisition link to
 * an EPUB, which is what e-reader apps (KOReader, Moon+ Reader, Thorium) browse and download from. Pure; every
 * text through `xmlText` as in the published Atom feeds.
 */

export const OPDS_ACQUISITION_TYPE = "application/atom+xml;profile=opds-catalog;kind=acquisition";
const ACQUISITION = "http://opds-spec.org/acquisition";

export interface OpdsEntry {
  id: string;
  title: string;
  author: string | null;
  /** Plain text. */
  summary: string | null;
  updated: number;
  /** The EPUB's address (absolute: readers resolve relative ones differently). */
  epubUrl: string;
}

export interface OpdsCatalog {
  id: string;
  title: string;
  selfUrl: string;
  /** When the catalog was made: its date while it lists nothing. */
  createdAt: number;
  entries: OpdsEntry[];
}

const date = (ms: number) => new Date(ms).toISOString();

function entryXml(entry: OpdsEntry): string {
  return [
    "  <entry>",
    `    <id>${xmlText(entry.id)}</id>`,
    `    <title>${xmlText(entry.title)}</title>`,
    `    <updated>${date(entry.updated)}</updated>`,
    entry.author ? `    <author><name>${xmlText(entry.author)}</name></author>` : undefined,
    entry.summary ? `    <summary type="text">${xmlText(entry.summary)}</summary>` : undefined,
    `    <link rel="${ACQUISITION}" type="${EPUB_MEDIA_TYPE}" href="${xmlText(entry.epubUrl)}"/>`,
    "  </entry>",
  ]
    .filter((line) => line !== undefined)
    .join("\n");
}

export function buildOpdsCatalog(catalog: OpdsCatalog): string {
  const updated = Math.max(catalog.createdAt, ...catalog.entries.map((entry) => entry.updated));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opds="http://opds-spec.org/2010/catalog">',
    `  <id>${xmlText(catalog.id)}</id>`,
    `  <title>${xmlText(catalog.title)}</title>`,
    `  <updated>${date(updated)}</updated>`,
    "  <author><name>VibeRead</name></author>",
    `  <link rel="self" type="${OPDS_ACQUISITION_TYPE}" href="${xmlText(catalog.selfUrl)}"/>`,
    `  <link rel="start" type="${OPDS_ACQUISITION_TYPE}" href="${xmlText(catalog.selfUrl)}"/>`,
    ...catalog.entries.map(entryXml),
    "</feed>",
    "",
  ].join("\n");
}

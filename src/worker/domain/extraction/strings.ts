/** Single spaces only, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Decodes the entities that show up double-escaped in meta tags and JSON-LD ("Tom &amp; Jerry"): the
 * parser already decoded the markup once, so what is left was escaped twice by the publisher.
 */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+));/gi,
    (whole, dec?: string, hex?: string, name?: string) => {
      const code = dec ? Number(dec) : hex ? Number.parseInt(hex, 16) : null;
      if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      return NAMED_ENTITIES[name?.toLowerCase() ?? ""] ?? whole;
    },
  );
}

/** Whitespace-collapsed, entity-decoded text, or null when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  if (!value) return null;
  return collapseWhitespace(decodeEntities(value)) || null;
}

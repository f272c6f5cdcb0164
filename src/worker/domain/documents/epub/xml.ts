import { DOMParser, parseHTML } from "linkedom";
import type { DomDocument, DomElement } from "../../extraction/dom";

/** The five entities XML itself defines; every other named one comes from the XHTML DTD that books declare. */
const XML_ENTITIES = new Set(["amp", "lt", "gt", "quot", "apos"]);

/**
 * Parses an XML part of the book (container.xml, the package, the table of contents, an XHTML chapter) with
 * linkedom's XML mode, which honours `<a id="x"/>` and CDATA as XHTML requires. That mode knows only XML's five
 * entities, while EPUB 2 chapters use HTML's (`&nbsp;`, `&mdash;`) through their DTD, so those are turned into
 * character references first, with the HTML parser's own table.
 */
export function parseXml(text: string): DomDocument {
  const source = withNumericEntities(text.replace(/^\uFEFF/, ""));
  // linkedom's DOMParser is typed for a browser; the document it returns implements `DomDocument`.
  return new DOMParser().parseFromString(source, "text/xml") as unknown as DomDocument;
}

function withNumericEntities(text: string): string {
  const names = new Set<string>();
  for (const match of text.matchAll(/&([A-Za-z][A-Za-z0-9]{1,31});/g)) {
    const name = match[1] ?? "";
    if (!XML_ENTITIES.has(name)) names.add(name);
  }
  if (names.size === 0) return text;
  const decoded = decodeHtmlEntities([...names]);
  return text.replace(/&([A-Za-z][A-Za-z0-9]{1,31});/g, (whole, name: string) => decoded.get(name) ?? whole);
}

/** Each name's character reference (`&#8212;`), as an HTML parser reads `&name;`; unknown names are left out. */
function decodeHtmlEntities(names: string[]): Map<string, string> {
  const { document } = parseHTML(`<html><body>${names.map((name) => `<i>&${name};</i>`).join("")}</body></html>`);
  const items = [...(document.body as unknown as DomElement).children];
  const decoded = new Map<string, string>();
  names.forEach((name, i) => {
    const text = items[i]?.textContent ?? "";
    if (text && text !== `&${name};`) {
      decoded.set(name, [...text].map((char) => `&#${char.codePointAt(0)};`).join(""));
    }
  });
  return decoded;
}

/** The element's name without its namespace prefix, lower-cased: `dc:title` and `title` are both "title". */
export function localName(element: DomElement): string {
  const name = element.localName ?? element.tagName;
  return name.slice(name.indexOf(":") + 1).toLowerCase();
}

/** Every element under `root` whose local name is one of `names`, in document order. */
export function elementsNamed(root: DomDocument | DomElement, ...names: string[]): DomElement[] {
  const wanted = new Set(names);
  return [...root.querySelectorAll("*")].filter((element) => wanted.has(localName(element)));
}

/**
 * An attribute by its local name, whatever prefix the book gave it (`opf:role`, `role`), its character
 * references decoded: linkedom's XML mode decodes them in text but leaves them in attribute values.
 */
export function attribute(element: DomElement, name: string): string | null {
  const direct = element.getAttribute(name);
  if (direct !== null) return decodeXmlReferences(direct);
  for (const { name: qualified, value } of Array.from(element.attributes)) {
    if (qualified.slice(qualified.indexOf(":") + 1).toLowerCase() === name) return decodeXmlReferences(value);
  }
  return null;
}

/**
 * All of an element's attributes by local name, decoded as `attribute` does; an unprefixed one wins over a
 * prefixed one of the same name. One pass, for code that asks an element several questions.
 */
export function attributesOf(element: DomElement): Map<string, string> {
  const found = new Map<string, string>();
  for (const { name, value } of Array.from(element.attributes)) {
    const colon = name.indexOf(":");
    const local = name.slice(colon + 1).toLowerCase();
    if (colon < 0 || !found.has(local)) found.set(local, decodeXmlReferences(value));
  }
  return found;
}

const XML_REFERENCE: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXmlReferences(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|(amp|lt|gt|quot|apos));/gi, (whole, dec, hex, name) => {
    if (name) return XML_REFERENCE[name.toLowerCase()] ?? whole;
    const code = dec ? Number(dec) : Number.parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A part's bytes as text: UTF-8 or UTF-16 (the two encodings EPUB allows), told by the byte-order mark. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    // Swapped to little-endian by hand: not every runtime's TextDecoder knows "utf-16be".
    const swapped = new Uint8Array(bytes.length - (bytes.length % 2));
    for (let i = 0; i < swapped.length; i += 2) {
      swapped[i] = bytes[i + 1] ?? 0;
      swapped[i + 1] = bytes[i] ?? 0;
    }
    return new TextDecoder("utf-16le").decode(swapped);
  }
  const head = new TextDecoder().decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    // Older EPUB 2 books were sometimes saved in a legacy encoding and say so; the decoder knows most labels.
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An unknown label: UTF-8 below.
    }
  }
  return new TextDecoder().decode(bytes);
}

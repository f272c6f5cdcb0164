/**
 * Text a request may carry. A JSON body is decoded as UTF-8 and may escape UTF-16 code units (`"\ud800"`), so
 * two things can reach a string that are not text: bytes that are not UTF-8 (a decoder turns them into U+FFFD,
 * "�", losing what was sent) and lone surrogates (which `new URL()` and D1 turn into U+FFFD too, so two
 * different URLs would become one). Both are refused, naming the field, instead of being stored as "�".
 */

/** A surrogate code unit without its pair: not a character in any encoding. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** A JSON escape of a lone surrogate: what `markInvalidUtf8` puts in place of each byte that is not UTF-8. */
const MARK = new TextEncoder().encode("\\udfff");
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * The body of a JSON request as text. Bytes that are not UTF-8 become the escape `\udfff`, a lone surrogate once
 * parsed, so `firstIllFormedField` finds the field they were in; in valid UTF-8 nothing changes.
 */
export function decodeJsonMarkingInvalidUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    const out: number[] = [];
    for (let i = 0; i < bytes.length; ) {
      const length = utf8SequenceLength(bytes, i);
      if (length === 0) {
        out.push(...MARK);
        i += 1;
      } else {
        for (let k = 0; k < length; k += 1) out.push(bytes[i + k] as number);
        i += length;
      }
    }
    return strictUtf8.decode(new Uint8Array(out));
  }
}

/** The length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlong forms, surrogates or > U+10FFFF), or 0. */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const first = bytes[i] as number;
  if (first < 0x80) return 1;
  const length =
    first >= 0xc2 && first <= 0xdf ? 2 : first >= 0xe0 && first <= 0xef ? 3 : first >= 0xf0 && first <= 0xf4 ? 4 : 0;
  if (length === 0 || i + length > bytes.length) return 0;
  for (let k = 1; k < length; k += 1) if (((bytes[i + k] as number) & 0xc0) !== 0x80) return 0;
  const second = bytes[i + 1] as number;
  if ((first === 0xe0 && second < 0xa0) || (first === 0xed && second > 0x9f)) return 0;
  if ((first === 0xf0 && second < 0x90) || (first === 0xf4 && second > 0x8f)) return 0;
  return length;
}

/** Whether decoded JSON text can hold a lone surrogate at all (a quick test before parsing it). */
export function mayHoldLoneSurrogate(json: string): boolean {
  return /\\u[dD][89a-fA-F]/.test(json);
}

/**
 * The path (`tags.1`, `title`) of the first string, or object key, in a parsed JSON value that holds a lone
 * surrogate; "" for the value itself; undefined when every string is text.
 */
export function firstIllFormedField(value: unknown, path: readonly (string | number)[] = []): string | undefined {
  if (typeof value === "string") return hasLoneSurrogate(value) ? path.join(".") : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstIllFormedField(item, [...path, index]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasLoneSurrogate(key)) return [...path, key.replace(LONE_SURROGATE, "\uFFFD")].join(".");
      const found = firstIllFormedField(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The sentence for a field that is not text. */
export function illFormedTextMessage(field: string): string {
  const subject = field ? `${field}: ` : "";
  return `${subject}contains bytes that are not valid UTF-8 text (or an unpaired surrogate); send it as UTF-8`;
}

const NUL = "\u0000";
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/**
 * Text as it is stored: without NUL characters and with each lone surrogate as U+FFFD. A NUL is no character a
 * reader sees (a browser drops it from a page's text, as this does) but SQLite ends some strings at it (FTS5 reads
 * a NUL in a query as the end of the query: "unterminated string"); a lone surrogate is not text in any encoding.
 * A saved page may hold either (a page's lone surrogates are accepted, see middleware/body-limit.ts).
 */
export function storableText(text: string): string {
  const withoutNul = text.includes(NUL) ? text.replaceAll(NUL, "") : text;
  return hasLoneSurrogate(withoutNul) ? withoutNul.replace(LONE_SURROGATES, "\uFFFD") : withoutNul;
}

/** The sentence for a query parameter that holds a NUL (`%00`). */
export function nulMessage(field: string): string {
  return `${field}: contains a NUL character (%00), which is not text`;
}

/**
 * Why a URL's query is refused, naming the first parameter whose name or value, once percent-decoded, holds a
 * NUL or bytes that are not UTF-8 (`%FF`, or `%ED%A0%80`: a surrogate, which UTF-8 cannot encode); undefined
 * when every parameter is text. `search` is the URL's raw query, with or without its `?`.
 */
export function illFormedQueryParameter(search: string): string | undefined {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (!query.includes("%")) return undefined;
  for (const pair of query.split("&")) {
    const separator = pair.indexOf("=");
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    const rawValue = separator === -1 ? "" : pair.slice(separator + 1);
    const name = percentDecoded(rawName);
    const value = percentDecoded(rawValue);
    // A name that is not text itself is shown as it was sent.
    if (name === undefined) return illFormedTextMessage(rawName);
    if (name.includes(NUL)) return nulMessage(rawName);
    if (value === undefined) return illFormedTextMessage(name);
    if (value.includes(NUL)) return nulMessage(name);
  }
  return undefined;
}

/** A query component's text (`+` is a space, `%XX` a byte), or undefined when its bytes are not UTF-8. */
function percentDecoded(component: string): string | undefined {
  const encoded = new TextEncoder().encode(component.replaceAll("+", " "));
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i += 1) {
    const byte = encoded[i] as number;
    const hex = byte === 0x25 ? String.fromCharCode(encoded[i + 1] ?? 0, encoded[i + 2] ?? 0) : "";
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(byte);
    }
  }
  try {
    return strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

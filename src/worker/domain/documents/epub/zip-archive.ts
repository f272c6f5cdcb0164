import { Inflate } from "fflate";
import { formatByteLimit } from "../../byte-size";
import { EpubReadError } from "./epub-error";
import type { EpubLimits } from "./epub-limits";

/** One file in the zip, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  crc: number;
  packedSize: number;
  /** Declared unpacked size: checked against what actually unpacks. */
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most about 1,032:1, so one step makes at
 * most about 16 MB before the running total is checked against the part's declared size.
 */
const INFLATE_STEP = 16 * 1024;

export const startsAsZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

const damaged = (why: string) => new EpubReadError("corrupt", `This EPUB is damaged: ${why}.`);
const bomb = (why: string) =>
  new EpubReadError("zip-bomb", `This file ${why}, far more than any book needs, so it was not opened.`);

/**
 * A zip read from its central directory (the authoritative list; local headers may leave sizes out). Listing
 * it checks the declared sizes against the limits before anything is unpacked; `read` unpacks one part in
 * steps and stops as soon as it yields more than it declared, so a forged directory cannot exhaust memory.
 */
export class ZipArchive {
  readonly entries = new Map<string, ZipEntry>();
  private readonly byLowerName = new Map<string, ZipEntry>();
  private readonly view: DataView;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: EpubLimits,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.list();
  }

  /** The part at `name`, or one that differs only in case (books made on Windows or macOS mix them up). */
  find(name: string): ZipEntry | undefined {
    return this.entries.get(name) ?? this.byLowerName.get(name.toLowerCase());
  }

  /** The unpacked bytes of one part, checked against its declared size and checksum. */
  read(entry: ZipEntry): Uint8Array {
    if (entry.flags & 1) {
      throw new EpubReadError("encrypted-drm", "This EPUB is locked with a password, so it cannot be read.");
    }
    const at = entry.localOffset;
    if (at + 30 > this.bytes.length || this.u32(at) !== LOCAL) throw damaged(`the part ${entry.name} is missing`);
    const start = at + 30 + this.u16(at + 26) + this.u16(at + 28);
    const end = start + entry.packedSize;
    if (end > this.bytes.length) throw damaged(`the part ${entry.name} is cut short`);
    let data: Uint8Array;
    if (entry.method === 0) {
      if (entry.packedSize !== entry.size) throw damaged(`the part ${entry.name} has the wrong size`);
      data = this.bytes.slice(start, end);
    } else if (entry.method === 8) {
      data = inflateChecked(this.bytes.subarray(start, end), entry, this.limits.maxEntryBytes);
    } else {
      throw damaged(`the part ${entry.name} is packed in a way that cannot be unpacked (method ${entry.method})`);
    }
    if (crc32(data) !== entry.crc) throw damaged(`the part ${entry.name} does not match its checksum`);
    return data;
  }

  private list(): void {
    const bytes = this.bytes;
    let eocd = -1;
    for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - MAX_COMMENT); at--) {
      if (this.u32(at) === EOCD) {
        eocd = at;
        break;
      }
    }
    if (eocd < 0) throw damaged("the zip archive ends early (the download may have been cut short)");
    let count = this.u16(eocd + 10);
    let directoryOffset = this.u32(eocd + 16);
    if (count === 0xffff || directoryOffset === 0xffffffff) {
      // Zip64: the real figures are in a second record that the locator just before this one points to.
      const locator = eocd - 20;
      if (locator < 0 || this.u32(locator) !== ZIP64_LOCATOR) throw damaged("its zip directory is unreadable");
      const record = this.u64(locator + 8);
      if (record + 56 > bytes.length || this.u32(record) !== ZIP64_EOCD) {
        throw damaged("its zip directory is unreadable");
      }
      count = this.u64(record + 32);
      directoryOffset = this.u64(record + 48);
    }
    if (count > this.limits.maxEntries) {
      throw bomb(`holds ${count.toLocaleString("en-US")} parts`);
    }
    let total = 0;
    let at = directoryOffset;
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || this.u32(at) !== CENTRAL) throw damaged("its zip directory is unreadable");
      const nameLength = this.u16(at + 28);
      const extraLength = this.u16(at + 30);
      const commentLength = this.u16(at + 32);
      const entry: ZipEntry = {
        // Some Windows tools write backslashes, which the zip format does not allow: they are folders.
        name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)).replaceAll("\\", "/"),
        flags: this.u16(at + 8),
        method: this.u16(at + 10),
        crc: this.u32(at + 16),
        packedSize: this.u32(at + 20),
        size: this.u32(at + 24),
        localOffset: this.u32(at + 42),
      };
      this.readZip64Sizes(entry, at + 46 + nameLength, extraLength);
      at += 46 + nameLength + extraLength + commentLength;
      if (entry.name.endsWith("/")) continue;
      this.check(entry);
      total += entry.size;
      if (total > this.limits.maxUnpackedBytes) {
        throw bomb(`unpacks to more than ${formatByteLimit(this.limits.maxUnpackedBytes)}`);
      }
      this.entries.set(entry.name, entry);
      if (!this.byLowerName.has(entry.name.toLowerCase())) this.byLowerName.set(entry.name.toLowerCase(), entry);
    }
  }

  private check(entry: ZipEntry): void {
    const { maxEntryBytes, maxRatio, ratioFromBytes } = this.limits;
    if (entry.size > maxEntryBytes) {
      throw bomb(`has one part (${entry.name}) that unpacks to more than ${formatByteLimit(maxEntryBytes)}`);
    }
    if (entry.size >= ratioFromBytes && entry.size > entry.packedSize * maxRatio) {
      const ratio = Math.round(entry.size / Math.max(1, entry.packedSize));
      throw bomb(`has one part (${entry.name}) that unpacks to ${ratio.toLocaleString("en-US")} times its packed size`);
    }
  }

  /** Sizes and offsets too big for 32 bits are in the entry's Zip64 extra field, in this order. */
  private readZip64Sizes(entry: ZipEntry, extraStart: number, extraLength: number): void {
    if (entry.size !== 0xffffffff && entry.packedSize !== 0xffffffff && entry.localOffset !== 0xffffffff) return;
    for (let at = extraStart; at + 4 <= extraStart + extraLength; ) {
      const id = this.u16(at);
      const length = this.u16(at + 2);
      if (id === 0x0001) {
        let field = at + 4;
        const next = () => {
          const value = field + 8 <= at + 4 + length ? this.u64(field) : Number.POSITIVE_INFINITY;
          field += 8;
          return value;
        };
        if (entry.size === 0xffffffff) entry.size = next();
        if (entry.packedSize === 0xffffffff) entry.packedSize = next();
        if (entry.localOffset === 0xffffffff) entry.localOffset = next();
        return;
      }
      at += 4 + length;
    }
  }

  private u16(at: number): number {
    return at + 2 <= this.view.byteLength ? this.view.getUint16(at, true) : -1;
  }

  private u32(at: number): number {
    return at + 4 <= this.view.byteLength ? this.view.getUint32(at, true) : -1;
  }

  private u64(at: number): number {
    if (at + 8 > this.view.byteLength) return Number.POSITIVE_INFINITY;
    return this.view.getUint32(at, true) + this.view.getUint32(at + 4, true) * 2 ** 32;
  }
}

class Overflow extends Error {}

/**
 * Inflates in steps. A part that yields more than it declared is damaged, or forged to slip past the directory
 * checks: past its declared size the output is only counted (and let go), and once it passes `limit` the part is
 * refused as a zip bomb, so neither memory nor time grows with what a forged part holds.
 */
function inflateChecked(packed: Uint8Array, entry: ZipEntry, limit: number): Uint8Array {
  const out = new Uint8Array(entry.size);
  let total = 0;
  const inflater = new Inflate((chunk) => {
    if (total + chunk.length <= entry.size) out.set(chunk, total);
    total += chunk.length;
    if (total > limit) throw new Overflow();
  });
  try {
    if (packed.length === 0) throw new Error("empty deflate stream");
    for (let at = 0; at < packed.length; at += INFLATE_STEP) {
      const end = Math.min(packed.length, at + INFLATE_STEP);
      inflater.push(packed.subarray(at, end), end === packed.length);
    }
  } catch (error) {
    if (error instanceof Overflow) {
      throw bomb(
        `has one part (${entry.name}) that unpacks to more than ${formatByteLimit(limit)} while it declares ${formatByteLimit(entry.size)}`,
      );
    }
    throw damaged(`the part ${entry.name} cannot be unpacked`);
  }
  if (total > entry.size) throw damaged(`the part ${entry.name} is larger than the zip's directory says`);
  if (total < entry.size) throw damaged(`the part ${entry.name} is cut short`);
  return out;
}

let crcTable: Uint32Array | null = null;

/** The zip checksum (CRC-32, polynomial 0xEDB88320): fflate does not check it when unpacking. */
export function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  const table = crcTable;
  let crc = 0xffffffff;
  // An indexed loop: a for-of over the bytes ran three times slower on a 30 MB book.
  for (let i = 0; i < data.length; i++) crc = (table[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

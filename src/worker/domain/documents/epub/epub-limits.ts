const MB = 1024 * 1024;

/**
 * What a book may weigh before it is refused. A Worker has 128 MB of memory in all, so the book, the parts of it
 * that are unpacked (its text and the pictures the text shows) and the parsed chapters must fit in well under
 * that; the checks run on the zip's directory before anything is unpacked, and again while each part unpacks,
 * since a forged directory can understate what a part holds.
 */
export interface EpubLimits {
  /** The file itself. */
  maxBytes: number;
  /** Every part of the zip added up, as its directory declares them. */
  maxUnpackedBytes: number;
  /** One part, unpacked. */
  maxEntryBytes: number;
  /**
   * One text document, unpacked. Its parsed tree takes several times its size while it is read: a 6 MB chapter
   * was read within a 48 MB JavaScript heap and an 8 MB one was not (Node 20, 2026-12-02), so this keeps one
   * chapter well within the Worker's memory.
   */
  maxChapterBytes: number;
  /**
   * The text documents of the reading order added up, unpacked: every chapter's HTML is held at once in the
   * result. 20 MB is about three million words, several times the longest novels.
   */
  maxTextBytes: number;
  /** Parts in the zip (a book has tens to a few thousand: one per chapter, picture and font). */
  maxEntries: number;
  /** Unpacked size over packed size, for parts of at least `ratioFromBytes` unpacked. */
  maxRatio: number;
  ratioFromBytes: number;
}

/**
 * Text compresses about 3:1 and pictures not at all, so a part over 1 MB that claims 100:1 is made of repeated
 * bytes: a zip bomb, not a book.
 */
export const DEFAULT_EPUB_LIMITS: EpubLimits = {
  maxBytes: 50 * MB,
  maxUnpackedBytes: 200 * MB,
  maxEntryBytes: 50 * MB,
  maxChapterBytes: 6 * MB,
  maxTextBytes: 20 * MB,
  maxEntries: 5_000,
  maxRatio: 100,
  ratioFromBytes: 1 * MB,
};

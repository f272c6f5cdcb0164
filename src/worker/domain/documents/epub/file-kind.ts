import { sniffImageType } from "../../article-images";

/** What a file that is not a zip is, in a sentence: the reader may have picked the wrong file, or renamed it. */
export function notAZip(bytes: Uint8Array): string {
  if (bytes.length === 0) return "This file is empty, so it is not an EPUB book.";
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (text(0, 5) === "%PDF-") return "This file is a PDF document, not an EPUB book, whatever its name says.";
  // MOBI and AZW keep their type at byte 60 of a Palm database header.
  if (text(60, 68) === "BOOKMOBI") {
    return "This file is a Kindle book (MOBI or AZW), not an EPUB book, whatever its name says.";
  }
  const image = sniffImageType(bytes);
  if (image) {
    return `This file is a ${image.slice("image/".length).toUpperCase()} picture, not an EPUB book, whatever its name says.`;
  }
  return "This file is not an EPUB book: an EPUB is a zip archive, and this file is not one.";
}

/** Office's zip formats, told by the part each always has. */
const OFFICE_PARTS: [string, string][] = [
  ["word/document.xml", "a Word document"],
  ["xl/workbook.xml", "an Excel spreadsheet"],
  ["ppt/presentation.xml", "a PowerPoint presentation"],
];

/** What a zip that is not an EPUB is, in a sentence, from the names of its parts. */
export function otherZip(names: Iterable<string>): string {
  const all = new Set(names);
  const office = OFFICE_PARTS.find(([part]) => all.has(part));
  if (office) return `This file is ${office[1]}, not an EPUB book, whatever its name says.`;
  return "This file is a zip archive but not an EPUB book: it has no META-INF/container.xml saying where the book is.";
}

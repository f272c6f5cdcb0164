import { strToU8, unzipSync, type ZipOptions, type Zippable, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  type EpubErrorCode,
  type EpubLimits,
  EpubReadError,
  readEpub,
  replaceEpubImages,
} from "../../src/worker/domain/documents/epub";
import { crc32 } from "../../src/worker/domain/documents/epub/zip-archive";
import pandocEpub2 from "../fixtures/documents/epub/pandoc-epub2.epub?bytes";
import pandocEpub3 from "../fixtures/documents/epub/pandoc-epub3.epub?bytes";

// Books are built here, file by file, so each test shows the shape of EPUB it is about.

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3]);

const CONTAINER = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

/** An EPUB zip: `mimetype` first and stored, as the standard asks, then the given files. */
function epub(files: Record<string, string | Uint8Array>, { mimetype = true } = {}): Uint8Array {
  const zippable: Zippable = {};
  if (mimetype) zippable.mimetype = [strToU8("application/epub+zip"), { level: 0 }];
  for (const [name, content] of Object.entries(files)) {
    zippable[name] = typeof content === "string" ? strToU8(content) : content;
  }
  return zipSync(zippable);
}

const xhtml = (title: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>${title}</title><style>p { color: red }</style><script>alert("head")</script></head>
<body>${body}</body></html>`;

/** EPUB 3: manifest order differs from the spine, chapters in a folder beside the pictures (hrefs with ../). */
function epub3(overrides: Record<string, string | Uint8Array | null> = {}): Uint8Array {
  const files: Record<string, string | Uint8Array | null> = {
    "META-INF/container.xml": CONTAINER,
    "OEBPS/content.opf": `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:uuid:1</dc:identifier>
    <dc:title id="t2">A Subtitle</dc:title>
    <dc:title id="t1">The   Garden Book</dc:title>
    <meta refines="#t1" property="title-type">main</meta>
    <dc:creator id="c1">Ada Writer</dc:creator>
    <dc:creator id="c2">Ed Itor</dc:creator>
    <meta refines="#c2" property="role" scheme="marc:relators">edt</meta>
    <dc:language>en-GB</dc:language>
    <dc:date>2021-03-04T10:00:00Z</dc:date>
    <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="ch2" href="text/chapter%202.xhtml" media-type="application/xhtml+xml"/>
    <item id="ch1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="cover" href="text/cover.xhtml" media-type="application/xhtml+xml"/>
    <item id="cover-img" href="images/cover.jpg" media-type="image/jpeg" properties="cover-image"/>
    <item id="fig1" href="images/fig1.png" media-type="image/png"/>
    <item id="drawing" href="images/drawing.svg" media-type="image/svg+xml"/>
  </manifest>
  <spine><itemref idref="cover"/><itemref idref="nav"/><itemref idref="ch1"/><itemref idref="ch2"/></spine>
</package>`,
    "OEBPS/nav.xhtml": xhtml(
      "Contents",
      `<nav epub:type="toc"><h1>Contents</h1><ol>
        <li><a href="text/ch1.xhtml">One: Seeds</a></li>
        <li><a href="text/chapter%202.xhtml#start">Two: Roots</a></li></ol></nav>`,
    ),
    "OEBPS/text/cover.xhtml": xhtml(
      "Cover",
      `<section epub:type="cover"><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
        <image xlink:href="../images/cover.jpg"/></svg></section>`,
    ),
    "OEBPS/text/ch1.xhtml": xhtml(
      "ch1",
      `<h1 onclick="steal()">Seeds</h1>
       <p style="color:red" class="x">Plant them&#160;<a href="chapter%202.xhtml#roots">deep</a> and
       <a href="https://example.org/seeds?a=1&amp;b=2">read more</a> or <a href="javascript:alert(1)">click</a>.</p>
       <span epub:type="pagebreak" id="page7">7</span>
       <figure><img src="../images/fig1.png" alt="A seedling &amp; its pot" onerror="steal()"/><figcaption>Fig. 1</figcaption></figure>
       <p>An unused drawing: <img src="../images/drawing.svg" alt="drawing"/></p>
       <iframe src="https://example.org/embed"></iframe><script>steal()</script>`,
    ),
    "OEBPS/text/chapter 2.xhtml": xhtml(
      "ch2",
      `<h2 id="start">Roots</h2><p id="roots">Roots grow down.</p><a id="empty-anchor"/><p>After the anchor.</p>`,
    ),
    "OEBPS/images/cover.jpg": JPEG,
    "OEBPS/images/fig1.png": PNG,
    "OEBPS/images/drawing.svg": `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
    ...overrides,
  };
  return epub(
    Object.fromEntries(Object.entries(files).filter((entry): entry is [string, string | Uint8Array] => !!entry[1])),
  );
}

/** EPUB 2: the package at the top of the zip, an NCX, a guide, HTML entities through the XHTML 1.1 DTD. */
function epub2(): Uint8Array {
  const page = (title: string, body: string) => `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body>${body}</body></html>`;
  return epub({
    "META-INF/container.xml": CONTAINER.replace("OEBPS/content.opf", "book.opf"),
    "book.opf": `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" xmlns:opf="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:title>Old &amp; Gold</dc:title>
    <dc:creator opf:role="aut" opf:file-as="Author, An">An Author</dc:creator>
    <dc:creator opf:role="trl">A Translator</dc:creator>
    <dc:language>fr</dc:language>
    <dc:date opf:event="modification">2011-01-01</dc:date>
    <dc:date opf:event="publication">1999-05</dc:date>
    <meta name="cover" content="cover-image"/>
  </metadata>
  <manifest>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="titlepage" href="titlepage.xhtml" media-type="application/xhtml+xml"/>
    <item id="contents" href="contents.xhtml" media-type="application/xhtml+xml"/>
    <item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>
    <item id="c1" href="Text/c1.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="Text/c2.xhtml" media-type="application/xhtml+xml"/>
    <item id="cover-image" href="Images/cover.png" media-type="image/png"/>
  </manifest>
  <spine toc="ncx">
    <itemref idref="titlepage"/><itemref idref="title"/><itemref idref="contents"/><itemref idref="c1"/><itemref idref="c2"/>
  </spine>
  <guide>
    <reference type="cover" href="titlepage.xhtml" title="Cover"/>
    <reference type="toc" href="contents.xhtml" title="Contents"/>
  </guide>
</package>`,
    "toc.ncx": `<?xml version="1.0"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
  <navPoint id="p1" playOrder="1"><navLabel><text>Chapter I &#8212; Dawn</text></navLabel><content src="Text/c1.xhtml"/>
    <navPoint id="p1a" playOrder="2"><navLabel><text>Dawn, part two</text></navLabel><content src="Text/c1.xhtml#b"/></navPoint>
  </navPoint>
  <navPoint id="p2" playOrder="3"><navLabel><text>Chapter II</text></navLabel><content src="Text/c2.xhtml"/></navPoint>
</navMap></ncx>`,
    "titlepage.xhtml": page("Cover", `<div><img src="Images/cover.png" alt="cover"/></div>`),
    "title.xhtml": page("Title", `<h1>Old &amp; <i>Gold</i></h1><p>An Author</p><p>Translated by A Translator</p>`),
    "contents.xhtml": page(
      "Contents",
      `<p><a href="Text/c1.xhtml">Chapter I</a></p><p><a href="Text/c2.xhtml">Chapter II</a></p><p><a href="Text/c2.xhtml#x">Notes</a></p>`,
    ),
    "Text/c1.xhtml": page(
      "c1",
      `<p>Morning&nbsp;came &mdash; slowly&hellip;<br/>then all at once.</p><p>Caf&eacute;.</p>`,
    ),
    "Text/c2.xhtml": page("c2", `<p>Evening.</p>`),
    "Images/cover.png": PNG,
  });
}

function refusal(read: () => unknown): { code: EpubErrorCode; message: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof EpubReadError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("the book was read");
}

/** A one-sentence message for a reader: starts with a capital, ends with one full stop, names no internals. */
function expectOneSentence(message: string) {
  expect(message).toMatch(/^[A-Z][^\n]*\.$/);
  expect(message.slice(0, -1)).not.toMatch(/\.\s/);
  expect(message).not.toMatch(/undefined|null|Error|\bat \w+ \(/);
}

describe("readEpub: EPUB 3", () => {
  const book = readEpub(epub3());

  it("reads the metadata the package declares", () => {
    expect(book.title).toBe("The Garden Book");
    expect(book.authors).toEqual(["Ada Writer"]);
    expect(book.language).toBe("en-GB");
    expect(book.published).toBe("2021-03-04");
    expect(book.missing).toEqual([]);
  });

  it("gives the chapters in spine order, named by the table of contents, without the cover and nav pages", () => {
    expect(book.chapters.map((chapter) => chapter.title)).toEqual(["One: Seeds", "Two: Roots"]);
    // Anchors number the text documents of the spine, the skipped cover being the first.
    expect(book.chapters.map((chapter) => chapter.anchor)).toEqual(["epub-2", "epub-3"]);
    expect(book.chapters[1]?.html).toContain("Roots grow down.");
  });

  it("keeps the body's content and drops scripts, styles, event handlers, embeds and page numbers", () => {
    const html = book.chapters[0]?.html;
    expect(html).toContain("<h1>Seeds</h1>");
    expect(html).toContain("Plant them\u00a0");
    expect(html).not.toMatch(/script|steal|alert|onclick|onerror|style|class=|iframe|<title|color/i);
    expect(html).not.toContain(">7<");
  });

  it("points pictures at their zip path and holds their bytes; an SVG picture is left out", () => {
    const html = book.chapters[0]?.html;
    expect(html).toContain('<img src="epub-image:OEBPS/images/fig1.png" alt="A seedling &amp; its pot">');
    expect(html).not.toContain("drawing.svg");
    expect([...book.images.keys()]).toEqual(["OEBPS/images/fig1.png"]);
    expect(book.images.get("OEBPS/images/fig1.png")).toEqual({ bytes: PNG, type: "image/png" });
    expect(book.coverImage).toEqual({ path: "OEBPS/images/cover.jpg", bytes: JPEG, type: "image/jpeg" });
  });

  it("turns links within the book into anchors and keeps only http(s) links out of it", () => {
    const [one, two] = book.chapters.map((chapter) => chapter.html);
    expect(one).toContain('<a href="#epub-3-roots">deep</a>');
    expect(one).toContain('<a href="https://example.org/seeds?a=1&amp;b=2">read more</a>');
    expect(one).toContain(" or click.");
    expect(two).toContain('<h2 id="epub-3-start">Roots</h2><p id="epub-3-roots">');
    expect(two).toContain('<a id="epub-3-empty-anchor"></a><p>After the anchor.</p>');
  });

  it("replaceEpubImages gives each picture the caller's address, or drops it", () => {
    const html = book.chapters[0]?.html ?? "";
    expect(replaceEpubImages(html, (path) => `/api/files/${path}?a=1&b=$&`)).toContain(
      '<img src="/api/files/OEBPS/images/fig1.png?a=1&amp;b=$&amp;" alt="A seedling &amp; its pot">',
    );
    expect(replaceEpubImages(html, () => null)).not.toContain("<img");
  });
});

describe("readEpub: EPUB 2", () => {
  const book = readEpub(epub2());

  it("reads EPUB 2 metadata: authors without translators, the publication date, entities decoded", () => {
    expect(book.title).toBe("Old & Gold");
    expect(book.authors).toEqual(["An Author"]);
    expect(book.language).toBe("fr");
    expect(book.published).toBe("1999-05");
  });

  it("names chapters from the NCX and skips the cover page, the title page and the printed contents", () => {
    expect(book.chapters.map((chapter) => chapter.title)).toEqual(["Chapter I — Dawn", "Chapter II"]);
    expect(book.chapters[0]?.html).toBe("<p>Morning\u00a0came — slowly…<br>then all at once.</p><p>Café.</p>");
    expect(book.coverImage).toEqual({ path: "Images/cover.png", bytes: PNG, type: "image/png" });
    expect(book.images.size).toBe(0);
  });
});

/** A book of the given pages, in this order, each one XHTML document. */
function pages(title: string, ...bodies: string[]): Uint8Array {
  const items = bodies.map((_, i) => `<item id="p${i}" href="p${i}.xhtml" media-type="application/xhtml+xml"/>`);
  const refs = bodies.map((_, i) => `<itemref idref="p${i}"/>`);
  const files: Record<string, string> = {
    "META-INF/container.xml": CONTAINER,
    "OEBPS/content.opf": `<package xmlns="http://www.idpf.org/2007/opf" version="3.0">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${title}</dc:title><dc:creator>Ann Other</dc:creator></metadata>
      <manifest>${items.join("")}</manifest><spine>${refs.join("")}</spine></package>`,
  };
  bodies.forEach((body, i) => {
    files[`OEBPS/p${i}.xhtml`] = xhtml(`p${i}`, body);
  });
  return epub(files);
}

const fromBase64 = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

// Made by pandoc 2.17 from book.md beside them: `pandoc book.md [-t epub2] -o pandoc-epub3.epub --epub-cover-image=cover.png`.
describe("readEpub: books pandoc made", () => {
  for (const [version, base64, wrapper] of [
    ["EPUB 3", pandocEpub3, "section"],
    ["EPUB 2", pandocEpub2, "div"],
  ] as const) {
    it(`reads pandoc's ${version}: metadata, three chapters, the figure, the cover, notes and links`, () => {
      const book = readEpub(fromBase64(base64));
      expect(book).toMatchObject({
        title: "The Slow Reader",
        authors: ["Ada Writer", "Bo Second"],
        language: "en-GB",
        published: "2019-06-01",
        missing: [],
      });
      expect(book.chapters.map((chapter) => chapter.title)).toEqual([
        "The First Morning",
        "The Long Afternoon",
        "Evening",
      ]);
      const [first, second, third] = book.chapters.map((chapter) => chapter.html);
      expect(first).toContain(`<${wrapper} id="epub-3-the-first-morning">\n<h1>The First Morning</h1>`);
      expect(first).toContain("She read “slowly” &amp; with care — the way one reads a letter.");
      expect(first).toContain('<a href="#epub-3-fn1" id="epub-3-fnref1">1</a>');
      expect(first).toContain('<li id="epub-3-fn1"><p>A footnote about mornings.<a href="#epub-3-fnref1">');
      expect(first).toContain('<a href="#epub-4-the-long-afternoon">the second chapter</a>');
      expect(first).toContain('<img src="epub-image:EPUB/media/file0.png"');
      expect(second).toContain("<pre><code>code &lt;b&gt;not bold&lt;/b&gt;</code></pre>");
      expect(second).not.toContain("alert");
      expect(third).toContain('<a href="https://example.org/">https://example.org/</a>');
      expect([...book.images.keys()]).toEqual(["EPUB/media/file0.png"]);
      expect(book.images.get("EPUB/media/file0.png")?.type).toBe("image/png");
      expect(book.coverImage).toMatchObject({ path: "EPUB/media/cover.png", type: "image/png" });
      expect(book.coverImage?.bytes.length).toBe(74);
    });
  }
});

describe("readEpub: front matter", () => {
  const firstTexts = (bytes: Uint8Array) => readEpub(bytes).chapters.map((chapter) => chapter.html.slice(0, 24));

  it("skips a title page marked as one, whatever else it says", () => {
    const publisher = "<p>Published by the Very Long Named Publishing Company of Somewhere Far</p>";
    const book = pages(
      "Tides",
      `<section epub:type="titlepage"><h1>Tides</h1>${publisher}</section>`,
      "<p>Chapter.</p>",
    );
    expect(firstTexts(book)).toEqual(["<p>Chapter.</p>"]);
  });

  it("names a chapter by its heading, else its own <title>, but not by the book's title", () => {
    const book = pages("Tides", "<p>A first page with no heading at all.</p>", "<p>Another.</p>", "<h2>Ebb</h2>");
    const files = unzipSync(book);
    files["OEBPS/p0.xhtml"] = strToU8(xhtml("Tides", "<p>A first page with no heading at all.</p>"));
    files["OEBPS/p1.xhtml"] = strToU8(xhtml("Flood", "<p>Another.</p>"));
    const titles = readEpub(zipSync(files)).chapters.map((chapter) => chapter.title);
    expect(titles).toEqual(["Chapter 1", "Flood", "Ebb"]);
  });

  it("keeps a short first page that says more than the title and authors", () => {
    const prologue = "<h1>Tides</h1><p>The sea came in at night, and nobody in the village slept.</p>";
    expect(firstTexts(pages("Tides", prologue, "<p>Chapter.</p>"))).toEqual([
      "<h1>Tides</h1><p>The sea",
      "<p>Chapter.</p>",
    ]);
  });

  it("keeps a picture page after the first, and a page of links that is not first matter", () => {
    const plate = '<p><img src="fig.png" alt="Plate"/></p>';
    const links = '<p><a href="p0.xhtml">a</a> <a href="p0.xhtml">b</a> <a href="p0.xhtml">c</a></p>';
    const book = readEpub(
      epub({
        "META-INF/container.xml": CONTAINER,
        "OEBPS/content.opf": `<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/><manifest>
          <item id="p0" href="p0.xhtml" media-type="application/xhtml+xml"/><item id="p1" href="p1.xhtml" media-type="application/xhtml+xml"/>
          <item id="p2" href="p2.xhtml" media-type="application/xhtml+xml"/><item id="f" href="fig.png" media-type="image/png"/>
          </manifest><spine><itemref idref="p0"/><itemref idref="p1"/><itemref idref="p2"/></spine></package>`,
        "OEBPS/p0.xhtml": xhtml("p0", "<p>Text.</p>"),
        "OEBPS/p1.xhtml": xhtml("p1", plate),
        "OEBPS/p2.xhtml": xhtml("p2", `${links}<p>With a long paragraph of its own that makes it a chapter.</p>`),
        "OEBPS/fig.png": PNG,
      }),
    );
    expect(book.chapters.map((chapter) => chapter.anchor)).toEqual(["epub-1", "epub-2", "epub-3"]);
    expect(book.coverImage).toBeUndefined();
  });
});

describe("readEpub: imperfect books", () => {
  it("reads the chapters that are there when one the spine lists is missing, and names the missing one", () => {
    const book = readEpub(epub3({ "OEBPS/text/ch1.xhtml": null }));
    expect(book.chapters.map((chapter) => chapter.title)).toEqual(["Two: Roots"]);
    expect(book.missing).toEqual(["OEBPS/text/ch1.xhtml"]);
  });

  it("reads a book whose mimetype part is missing when container.xml is there", () => {
    const files = { "META-INF/container.xml": CONTAINER, ...bookFiles() };
    expect(readEpub(epub(files, { mimetype: false })).chapters).toHaveLength(1);
  });

  it("reads a book without container.xml that says it is an EPUB and has one package file", () => {
    expect(readEpub(epub(bookFiles())).chapters[0]?.html).toBe("<p>Hello.</p>");
  });

  it("leaves out a damaged picture, not the chapter", () => {
    const zip = epub3({ "OEBPS/images/fig1.png": new Uint8Array([...PNG, ...new Array(64).fill(7)]) });
    const damaged = zipSync({
      mimetype: [strToU8("application/epub+zip"), { level: 0 }],
      ...Object.fromEntries(
        Object.entries(unzipSync(zip)).map(
          ([name, data]) => [name, [data, { level: 0 }]] as [string, [Uint8Array, ZipOptions]],
        ),
      ),
    });
    const at = indexOf(damaged, PNG) + 12;
    damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    const book = readEpub(damaged);
    expect(readEpub(zip).images.size).toBe(1);
    expect(book.images.size).toBe(0);
    expect(book.chapters[0]?.html).toContain("<figcaption>Fig. 1</figcaption>");
    expect(book.chapters[0]?.html).not.toContain("<img");
  });

  it("unpacks a picture's bytes when they are read, each time", () => {
    const image = readEpub(epub3()).images.get("OEBPS/images/fig1.png");
    expect(image?.bytes).toEqual(PNG);
    expect(image?.bytes).not.toBe(image?.bytes);
  });

  it("reads a document the spine lists twice once", () => {
    const files = bookFiles();
    files["OEBPS/content.opf"] = (files["OEBPS/content.opf"] ?? "").replace("<spine>", '<spine><itemref idref="a"/>');
    expect(readEpub(epub(files)).chapters.map((chapter) => chapter.html)).toEqual(["<p>Hello.</p>"]);
  });

  it("does not expand entities a chapter defines itself (a billion laughs stays a few bytes)", () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE html [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<html xmlns="http://www.w3.org/1999/xhtml"><body><p>&lol3;</p></body></html>`;
    const html = readEpub(epub({ "META-INF/container.xml": CONTAINER, ...bookFiles(laughs) })).chapters[0]?.html;
    expect(html).not.toContain("lollol");
    expect(html?.length).toBeLessThan(100);
  });

  it("reads chapters saved in UTF-16 (with a byte-order mark) and in an encoding their XML declaration names", () => {
    const page = (declaration: string) =>
      `<?xml version="1.0" encoding="${declaration}"?><html xmlns="http://www.w3.org/1999/xhtml"><body><p>Café ☕</p></body></html>`;
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(new Uint16Array([...page("UTF-16")].map((c) => c.charCodeAt(0))).buffer),
    ]);
    const latin = Uint8Array.from(page("windows-1252").replace(" ☕", ""), (c) => c.charCodeAt(0));
    for (const [bytes, expected] of [
      [utf16, "<p>Café ☕</p>"],
      [latin, "<p>Café</p>"],
    ] as const) {
      const files = { "META-INF/container.xml": CONTAINER, ...bookFiles(), "OEBPS/a.xhtml": bytes };
      expect(readEpub(epub(files)).chapters[0]?.html).toBe(expected);
    }
  });

  it("keys a picture whose name has an ampersand by its name, and escapes it in the HTML", () => {
    const chapter = xhtml("One", '<p>See <img src="fig%20&amp;%201.png" alt=""/></p>');
    const files = { "META-INF/container.xml": CONTAINER, ...bookFiles(chapter), "OEBPS/fig & 1.png": PNG };
    const book = readEpub(epub(files));
    expect([...book.images.keys()]).toEqual(["OEBPS/fig & 1.png"]);
    expect(book.chapters[0]?.html).toBe('<p>See <img src="epub-image:OEBPS/fig &amp; 1.png" alt=""></p>');
    expect(replaceEpubImages(book.chapters[0]?.html ?? "", (path) => `/files/${encodeURIComponent(path)}`)).toBe(
      '<p>See <img src="/files/OEBPS%2Ffig%20%26%201.png" alt=""></p>',
    );
  });

  it("reads a book whose zip names its folders with backslashes", () => {
    const files = {
      "META-INF\\container.xml": CONTAINER,
      "OEBPS\\content.opf": bookFiles()["OEBPS/content.opf"] ?? "",
    };
    expect(readEpub(epub({ ...files, "OEBPS\\a.xhtml": xhtml("One", "<p>Hi.</p>") })).chapters[0]?.html).toBe(
      "<p>Hi.</p>",
    );
  });

  it("reads a chapter that is a fragment without <body>", () => {
    const book = readEpub(epub({ "META-INF/container.xml": CONTAINER, ...bookFiles("<div><p>Bare.</p></div>") }));
    expect(book.chapters[0]?.html).toBe("<p>Bare.</p>");
  });

  it("answers every damaged copy of a book with the book or a refusal it foresaw", () => {
    const original = epub3();
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed;
    };
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 300; round++) {
      const copy = original.slice();
      for (let flips = 1 + (next() % 3); flips > 0; flips--) copy[next() % copy.length] = next() & 0xff;
      let outcome = "read";
      try {
        readEpub(copy);
      } catch (error) {
        expect(error).toBeInstanceOf(EpubReadError);
        // A refusal no check foresaw carries the error it wraps.
        expect((error as EpubReadError).cause).toBeUndefined();
        expectOneSentence((error as EpubReadError).message);
        outcome = (error as EpubReadError).code;
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(outcomes.get("corrupt")).toBeGreaterThan(100);
    expect(outcomes.get("read")).toBeGreaterThan(10);
  });

  it("reads a book whose fonts are obfuscated (not DRM)", () => {
    const encryption = encryptionXml("http://www.idpf.org/2008/embedding", "OEBPS/fonts/a.otf");
    const book = readEpub(epub3({ "META-INF/encryption.xml": encryption }));
    expect(book.chapters).toHaveLength(2);
  });
});

/** The smallest book: one chapter, its package in OEBPS/. */
function bookFiles(chapter = xhtml("One", "<p>Hello.</p>")): Record<string, string> {
  return {
    "OEBPS/content.opf": `<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/>
      <manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/></manifest>
      <spine><itemref idref="a"/></spine></package>`,
    "OEBPS/a.xhtml": chapter,
  };
}

function encryptionXml(algorithm: string, uri: string) {
  return `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
  <enc:EncryptedData><enc:EncryptionMethod Algorithm="${algorithm}"/>
  <enc:CipherData><enc:CipherReference URI="${uri}"/></enc:CipherData></enc:EncryptedData></encryption>`;
}

describe("readEpub: refusals, each with a sentence for the reader", () => {
  const cases: [string, () => Uint8Array, EpubErrorCode, RegExp, Partial<EpubLimits>?][] = [
    ["a PNG named .epub", () => PNG, "not-an-epub", /PNG picture, not an EPUB/],
    ["a PDF named .epub", () => strToU8("%PDF-1.7\n..."), "not-an-epub", /PDF document/],
    ["an empty file", () => new Uint8Array(0), "not-an-epub", /empty/],
    [
      "a Kindle book named .epub",
      () => strToU8(`${"Title".padEnd(60, "\0")}BOOKMOBI${"\0".repeat(20)}`),
      "not-an-epub",
      /Kindle book \(MOBI or AZW\)/,
    ],
    [
      "a Word document named .epub",
      () => zipSync({ "[Content_Types].xml": strToU8("<Types/>"), "word/document.xml": strToU8("<w:document/>") }),
      "not-an-epub",
      /^This file is a Word document, not an EPUB book, whatever its name says\.$/,
    ],
    ["text named .epub", () => strToU8("just some words"), "not-an-epub", /not a zip|zip archive/],
    [
      "a zip without mimetype or container.xml",
      () => epub({ "notes.txt": "hello", "photo.png": PNG }, { mimetype: false }),
      "not-an-epub",
      /not an EPUB book/,
    ],
    [
      "an OpenDocument file",
      () => zipSync({ mimetype: strToU8("application/vnd.oasis.opendocument.text"), "content.xml": strToU8("<x/>") }),
      "not-an-epub",
      /opendocument/,
    ],
    ["a book cut short", () => epub3().subarray(0, 900), "corrupt", /damaged/],
    ["a package file that is missing", () => epub({ "META-INF/container.xml": CONTAINER }), "corrupt", /damaged/],
    [
      "DRM: chapters listed in encryption.xml",
      () =>
        epub3({
          "META-INF/encryption.xml": encryptionXml(
            "http://www.w3.org/2001/04/xmlenc#aes128-cbc",
            "OEBPS/text/ch1.xhtml",
          ),
        }),
      "encrypted-drm",
      /DRM/,
    ],
    ["DRM: an Adobe rights.xml", () => epub3({ "META-INF/rights.xml": "<rights/>" }), "encrypted-drm", /DRM/],
    ["a book over the size limit", () => epub3(), "too-large", /over the 1 KB/, { maxBytes: 1024 }],
    [
      "a chapter file too big to lay out",
      () => epub({ "META-INF/container.xml": CONTAINER, ...bookFiles(xhtml("Long", `<p>${"word ".repeat(600)}</p>`)) }),
      "too-large",
      /^This book keeps 3.2 KB of text in one file \(OEBPS\/a\.xhtml\), over the 2 KB one file of text may be\.$/,
      { maxChapterBytes: 2048 },
    ],
    [
      "a book with more text than any book has",
      () => epub3(),
      "too-large",
      /^This book holds 1.6 KB of text, over the 1 KB a book may have\.$/,
      { maxTextBytes: 1024 },
    ],
    ["more parts than a book has", () => epub3(), "zip-bomb", /holds 10 parts/, { maxEntries: 5 }],
    [
      "a spine with only the table of contents",
      () =>
        epub3({
          "OEBPS/content.opf": `<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/><manifest>
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/></manifest>
            <spine><itemref idref="nav"/></spine></package>`,
        }),
      "no-chapters",
      /no chapters/,
    ],
    [
      "a spine whose every chapter is missing",
      () => epub({ "META-INF/container.xml": CONTAINER, "OEBPS/content.opf": bookFiles()["OEBPS/content.opf"] ?? "" }),
      "no-chapters",
      /missing/,
    ],
  ];
  for (const [what, bytes, code, message, limits] of cases) {
    it(`refuses ${what} as ${code}`, () => {
      const refused = refusal(() => readEpub(bytes(), limits));
      expect(refused.code).toBe(code);
      expect(refused.message).toMatch(message);
      expectOneSentence(refused.message);
    });
  }

  it("refuses a chapter whose bytes do not match the zip's checksum as corrupt", () => {
    const zip = epub(bookFiles(xhtml("One", "<p>Hello, checksum.</p>")));
    // fflate stores what it cannot shrink; force a stored chapter so a changed byte is plainly a changed letter.
    const stored = zipSync({
      mimetype: [strToU8("application/epub+zip"), { level: 0 }],
      ...Object.fromEntries(
        Object.entries(bookFiles(xhtml("One", "<p>Hello, checksum.</p>"))).map(([name, text]) => [
          name,
          [strToU8(text), { level: 0 }],
        ]),
      ),
    });
    expect(readEpub(zip).chapters[0]?.html).toContain("checksum");
    const at = indexOf(stored, strToU8("checksum"));
    stored[at] = "C".charCodeAt(0);
    const refused = refusal(() => readEpub(stored));
    expect(refused).toEqual({
      code: "corrupt",
      message: "This EPUB is damaged: the part OEBPS/a.xhtml does not match its checksum.",
    });
  });
});

describe("readEpub: zip bombs", () => {
  it("refuses 300 MB of zeros in a 2 MB book before unpacking it", () => {
    const bomb = rawZip([
      { name: "mimetype", data: strToU8("application/epub+zip"), size: 20, method: 0 },
      { name: "META-INF/container.xml", ...deflatedZeros(300 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    // Refused from the directory alone (the message says which check): unpacking it would take the memory a Worker lacks.
    const refused = refusal(() => readEpub(bomb));
    expect(refused.code).toBe("zip-bomb");
    expect(refused.message).toBe(
      "This file has one part (META-INF/container.xml) that unpacks to more than 50 MB, far more than any book needs, so it was not opened.",
    );
  });

  it("refuses a part that claims a modest size but unpacks to far more than it claims", () => {
    const zeros = deflatedZeros(20 * 1024 * 1024);
    const bomb = rawZip([
      { name: "mimetype", data: strToU8("application/epub+zip"), size: 20, method: 0 },
      { name: "META-INF/container.xml", data: zeros.data, method: 8, size: 900_000, crc: 0 },
    ]);
    const refused = refusal(() => readEpub(bomb, { maxEntryBytes: 10 * 1024 * 1024 }));
    expect(refused.code).toBe("zip-bomb");
    expect(refused.message).toMatch(/unpacks to more than 10 MB while it declares 878.9 KB/);
    // Below the limit, a part larger than declared is damaged rather than a bomb.
    expect(refusal(() => readEpub(bomb))).toEqual({
      code: "corrupt",
      message: "This EPUB is damaged: the part META-INF/container.xml is larger than the zip's directory says.",
    });
  });

  it("refuses a part with an absurd compression ratio", () => {
    const zeros = deflatedZeros(2 * 1024 * 1024);
    const bomb = rawZip([
      { name: "mimetype", data: strToU8("application/epub+zip"), size: 20, method: 0 },
      { name: "OEBPS/huge.xhtml", ...zeros },
    ]);
    const refused = refusal(() => readEpub(bomb));
    expect(refused.code).toBe("zip-bomb");
    expect(refused.message).toMatch(/unpacks to [\d,]+ times its packed size/);
  });

  it("refuses a zip whose parts add up to more than the unpacked limit", () => {
    const refused = refusal(() => readEpub(epub3(), { maxUnpackedBytes: 2_000 }));
    expect(refused.code).toBe("zip-bomb");
    expect(refused.message).toMatch(/unpacks to more than 2 KB/);
  });
});

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * `size` zero bytes as a raw deflate stream written directly (one literal zero, then copies of 258 bytes at
 * distance 1 in fixed Huffman codes), so a 300 MB bomb costs the test a 2 MB buffer and no compression time.
 */
function deflatedZeros(size: number): { data: Uint8Array; size: number; method: number; crc: number } {
  const copies = Math.floor((size - 1) / 258);
  const rest = (size - 1) % 258;
  const out = new Uint8Array(Math.ceil((3 + 8 + copies * 13 + rest * 8 + 7) / 8) + 1);
  let bitPosition = 0;
  const write = (value: number, length: number) => {
    for (let i = 0; i < length; i++) {
      if ((value >> i) & 1) out[bitPosition >> 3] = (out[bitPosition >> 3] ?? 0) | (1 << (bitPosition & 7));
      bitPosition++;
    }
  };
  // Huffman codes go most significant bit first: reversed here, once.
  const reversed = (value: number, length: number) => {
    let bits = 0;
    for (let i = 0; i < length; i++) bits |= ((value >> i) & 1) << (length - 1 - i);
    return bits;
  };
  const zero = reversed(0x30, 8);
  const copy = reversed(0xc5, 8) | (reversed(0, 5) << 8); // length 258 (symbol 285), distance 1
  write(1, 1); // the final block
  write(1, 2); // fixed Huffman codes
  write(zero, 8);
  for (let i = 0; i < copies; i++) write(copy, 13);
  for (let i = 0; i < rest; i++) write(zero, 8);
  write(0, 7); // end of block
  return { data: out.subarray(0, Math.ceil(bitPosition / 8)), size, method: 8, crc: 0 };
}

interface RawEntry {
  name: string;
  data: Uint8Array;
  /** Declared unpacked size: free to lie. */
  size: number;
  method: number;
  crc?: number;
}

/** A zip written by hand, so that its directory can declare what a forged one would. */
function rawZip(entries: RawEntry[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const crc = entry.crc ?? crc32(entry.data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, entry.method, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, entry.data.length, true);
    local.setUint32(22, entry.size, true);
    local.setUint16(26, name.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(10, entry.method, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, entry.data.length, true);
    central.setUint32(24, entry.size, true);
    central.setUint16(28, name.length, true);
    central.setUint32(42, offset, true);
    chunks.push(new Uint8Array(local.buffer), name, entry.data);
    directory.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + entry.data.length;
  }
  const directorySize = directory.reduce((sum, chunk) => sum + chunk.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  const all = [...chunks, ...directory, new Uint8Array(end.buffer)];
  const zip = new Uint8Array(all.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of all) {
    zip.set(chunk, at);
    at += chunk.length;
  }
  return zip;
}

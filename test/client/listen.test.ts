import { describe, expect, it } from "vitest";
import type { SpeechEngine } from "../../src/client/listen/engine";
import { pickEngine } from "../../src/client/listen/pick-engine";
import { blockKind, listeningSentences, sentenceAt, spokenText, type TextBlock } from "../../src/client/listen/script";
import {
  formatClock,
  remainingClock,
  secondsBefore,
  sentenceAfterSeconds,
  sentenceSeconds,
  totalSeconds,
} from "../../src/client/listen/timing";
import { voiceFor } from "../../src/client/listen/voices";

/** One block from pieces laid end to end from `start`, as the page walk makes them. */
function block(kind: TextBlock["kind"], texts: string[], start = 0): TextBlock {
  let at = start;
  return {
    kind,
    pieces: texts.map((text) => {
      const piece = { text, start: at };
      at += text.length;
      return piece;
    }),
  };
}

describe("the listening script", () => {
  it("cuts blocks into sentences with their offsets in the container's text", () => {
    const heading = "Gardens";
    const paragraph = "Tomatoes like the sun. Basil likes tomatoes! Slugs like everything.";
    const text = heading + paragraph;
    const sentences = listeningSentences(
      [block("heading", [heading]), block("paragraph", [paragraph], heading.length)],
      "en",
    );
    expect(sentences.map((s) => [s.text, s.kind, s.block])).toEqual([
      ["Gardens", "heading", 0],
      ["Tomatoes like the sun.", "paragraph", 1],
      ["Basil likes tomatoes!", "paragraph", 1],
      ["Slugs like everything.", "paragraph", 1],
    ]);
    for (const s of sentences) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it("maps sentences across pieces with gaps (skipped code) back to the right offsets", () => {
    // "Run " + [code skipped: "npm start"] + " to begin. Then read."
    const container = "Run npm start to begin. Then read.";
    const sentences = listeningSentences(
      [
        {
          kind: "paragraph",
          pieces: [
            { text: "Run ", start: 0 },
            { text: " to begin. Then read.", start: 13 },
          ],
        },
      ],
      "en",
    );
    expect(sentences.map((s) => s.text)).toEqual(["Run to begin.", "Then read."]);
    expect(container.slice(sentences[0]?.start, sentences[0]?.end)).toBe("Run npm start to begin.");
    expect(container.slice(sentences[1]?.start, sentences[1]?.end)).toBe("Then read.");
  });

  it("keeps German abbreviations inside their sentence (the product's segmenter, in the article's language)", () => {
    const text = "Wir essen z.B. Äpfel. Am 3. Oktober ist Feiertag.";
    expect(listeningSentences([block("paragraph", [text])], "de").map((s) => s.text)).toEqual([
      "Wir essen z.B. Äpfel.",
      "Am 3. Oktober ist Feiertag.",
    ]);
  });

  it("does not read web addresses, and drops what is left with nothing to say", () => {
    expect(spokenText("See https://example.com/a?b=1 for more.")).toBe("See for more.");
    expect(spokenText("www.example.org")).toBe("");
    expect(spokenText("  —  ")).toBe("");
    const sentences = listeningSentences(
      [block("paragraph", ["https://example.com/only-a-link"]), block("list-item", ["Oil the chain."])],
      "en",
    );
    expect(sentences.map((s) => s.text)).toEqual(["Oil the chain."]);
  });

  it("reads headings, list items and quotes as such", () => {
    expect(blockKind(["H2", "DIV"])).toBe("heading");
    expect(blockKind(["P", "LI", "UL"])).toBe("list-item");
    expect(blockKind(["STRONG", "LI", "OL"])).toBe("list-item");
    expect(blockKind(["P", "BLOCKQUOTE"])).toBe("quote");
    expect(blockKind(["EM", "P"])).toBe("paragraph");
  });

  it("starts from the sentence holding an offset, or the next one", () => {
    const sentences = listeningSentences([block("paragraph", ["One two. Three four. Five six."])], "en");
    expect(sentenceAt(sentences, 0)).toBe(0);
    expect(sentenceAt(sentences, 10)).toBe(1);
    expect(sentenceAt(sentences, 8)).toBe(1); // the space after "One two." belongs to no sentence: the next one
    expect(sentenceAt(sentences, 999)).toBe(2);
  });
});

describe("listening time", () => {
  const s = (text: string, kind: "heading" | "paragraph" = "paragraph") => ({ text, kind });
  const sentences = [s("x".repeat(150)), s("y".repeat(300)), s("z".repeat(450)), s("h".repeat(15), "heading")];

  it("estimates from characters and rate, with the pause after a heading", () => {
    expect(sentenceSeconds(s("x".repeat(150)), 1)).toBe(10);
    expect(sentenceSeconds(s("x".repeat(150)), 2)).toBe(5);
    expect(sentenceSeconds(s("h".repeat(15), "heading"), 1)).toBeCloseTo(1.7);
    expect(secondsBefore(sentences, 2, 1)).toBe(30);
    expect(totalSeconds(sentences, 1)).toBeCloseTo(61.7);
  });

  it("skips 30 seconds to the sentence being said then, and always moves at least one", () => {
    expect(sentenceAfterSeconds(sentences, 0, 30, 1)).toBe(2);
    expect(sentenceAfterSeconds(sentences, 2, -30, 1)).toBe(0);
    expect(sentenceAfterSeconds(sentences, 1, -5, 1)).toBe(0);
    // 30 s at 2x is 60 s of text at 1x.
    expect(sentenceAfterSeconds(sentences, 0, 30, 2)).toBe(3);
    expect(sentenceAfterSeconds(sentences, 3, 30, 1)).toBe(3);
    expect(sentenceAfterSeconds([s("one")], 0, -30, 1)).toBe(0);
  });

  it("shows a clock", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(65.4)).toBe("1:05");
    expect(formatClock(3723)).toBe("1:02:03");
    expect(formatClock(-3)).toBe("0:00");
  });

  it("shows the time left, never below zero and never with a minus sign", () => {
    expect(remainingClock(125, 0)).toBe("2:05 left");
    expect(remainingClock(125, 124.6)).toBe("0:00 left");
    expect(remainingClock(10, 12)).toBe("0:00 left");
  });
});

describe("voices and engines", () => {
  const voice = (lang: string, name: string, extra: Partial<{ localService: boolean; default: boolean }> = {}) => ({
    lang,
    name,
    localService: false,
    default: false,
    ...extra,
  });

  it("picks a voice of the article's language, never another language's", () => {
    const voices = [
      voice("en-US", "Ava", { default: true }),
      voice("de-DE", "Anna"),
      voice("de_AT", "Lukas", { localService: true }),
      voice("pt-PT", "Joana"),
    ];
    expect(voiceFor(voices, "de")?.name).toBe("Lukas");
    expect(voiceFor(voices, "de-DE")?.name).toBe("Anna");
    expect(voiceFor(voices, "pt-BR")?.name).toBe("Joana");
    expect(voiceFor(voices, "en")?.name).toBe("Ava");
    expect(voiceFor(voices, "fr")).toBeNull();
  });

  const engine = (name: "browser" | "cloud", speaks: string[] | "fails"): SpeechEngine => ({
    name,
    supports: async (lang) => {
      if (speaks === "fails") throw new Error("offline");
      return speaks.includes(lang);
    },
    speak: () => undefined,
    pause: () => undefined,
    resume: () => undefined,
    stop: () => undefined,
  });

  it("takes the first engine that speaks the language, in the order given", async () => {
    const cloud = engine("cloud", ["en"]);
    const browser = engine("browser", ["en", "de"]);
    expect((await pickEngine("en", [cloud, browser]))?.name).toBe("cloud");
    expect((await pickEngine("de", [cloud, browser]))?.name).toBe("browser");
    expect(await pickEngine("fr", [cloud, browser])).toBeNull();
    expect((await pickEngine("en", [engine("cloud", "fails"), browser]))?.name).toBe("browser");
  });
});

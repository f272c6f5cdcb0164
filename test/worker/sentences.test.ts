import { describe, expect, it } from "vitest";
import { createExtractiveLanguageModel } from "../../src/worker/adapters/local/extractive-language-model";
import { splitSentences } from "../../src/worker/domain/sentences/segment";
import { chunkText } from "../../src/worker/domain/text-chunks";

/**
 * Hard cases per language: the text and the sentences a reader sees in it. Runs in workerd's ICU. (CJK marks,
 * "$9.99", "U.S. The end" and 'the "aha!" moment': domain-rules.test.ts.)
 */
const HARD_CASES: [language: string, text: string, sentences: string[]][] = [
  [
    "en",
    "President Obama told the U.N. General Assembly on Monday that the U.S. would act. He left.",
    ["President Obama told the U.N. General Assembly on Monday that the U.S. would act.", "He left."],
  ],
  [
    "en",
    "The crowd cheered during the band's set Monday night (Nov. 3) at the club. Mr. Smith and J. K. Rowling agree!",
    [
      "The crowd cheered during the band's set Monday night (Nov. 3) at the club.",
      "Mr. Smith and J. K. Rowling agree!",
    ],
  ],
  [
    "en",
    "Apple Inc. The company sold it to Sony Corp. Chairman Kenichiro Yoshida.",
    ["Apple Inc.", "The company sold it to Sony Corp. Chairman Kenichiro Yoshida."],
  ],
  [
    "en",
    "“We will win. We are strong,” he said. Then he left.",
    ["“We will win. We are strong,” he said.", "Then he left."],
  ],
  [
    "de",
    "BERLIN (dpa) - Die Regierung hat am 3. Oktober z.B. Dr. Müller beauftragt. Im Jahr 1990. Danach kam er.",
    [
      "BERLIN (dpa) -",
      "Die Regierung hat am 3. Oktober z.B. Dr. Müller beauftragt.",
      "Im Jahr 1990.",
      "Danach kam er.",
    ],
  ],
  [
    "de",
    "„Wir schaffen das. Ganz sicher“, sagte sie. Dann ging sie.",
    ["„Wir schaffen das. Ganz sicher“, sagte sie.", "Dann ging sie."],
  ],
  [
    "fr",
    "« Nous gagnerons. Nous sommes forts », a-t-il dit. Il cite p. ex. Paris. M. Dupont est venu le 1er janv. 2020.",
    [
      "« Nous gagnerons. Nous sommes forts », a-t-il dit.",
      "Il cite p. ex. Paris.",
      "M. Dupont est venu le 1er janv. 2020.",
    ],
  ],
  ["es", "El Sr. García llegó a EE.UU. La Dra. López no.", ["El Sr. García llegó a EE.UU.", "La Dra. López no."]],
  [
    "it",
    "Il sig. Rossi e il dott. Bianchi sono arrivati. Poi sono partiti.",
    ["Il sig. Rossi e il dott. Bianchi sono arrivati.", "Poi sono partiti."],
  ],
  ["pt", "O Sr. Silva chegou. A Dra. Costa saiu.", ["O Sr. Silva chegou.", "A Dra. Costa saiu."]],
  [
    "nl",
    "Dhr. Jansen en bijv. Mevr. de Vries kwamen. Daarna gingen ze.",
    ["Dhr. Jansen en bijv. Mevr. de Vries kwamen.", "Daarna gingen ze."],
  ],
];

describe("sentence segmenter", () => {
  it.each(HARD_CASES)("splits %s: %s", (language, text, sentences) => {
    expect(splitSentences(text, language)).toEqual(sentences);
  });

  it("ends a sentence at every line break, and reads an unknown language with every list", () => {
    expect(splitSentences("A heading\nDr. Who came to the U.N. General Assembly.")).toEqual([
      "A heading",
      "Dr. Who came to the U.N. General Assembly.",
    ]);
  });

  it("joins a hard-wrapped line (a small letter after a line with no end mark) to the line before", () => {
    expect(
      splitSentences("Lorem ipsum dolor sit amet, sed do eiusmod\ntempor incididunt ut labore. Ut enim ad minim."),
    ).toEqual(["Lorem ipsum dolor sit amet, sed do eiusmod tempor incididunt ut labore.", "Ut enim ad minim."]);
  });

  it("cuts a long text for the model at a sentence end, not after an abbreviation", () => {
    const chunks = chunkText("Mr. Smith went to Washington and spoke. Dr. Jones replied at length.", 50);
    expect(chunks).toEqual(["Mr. Smith went to Washington and spoke.", "Dr. Jones replied at length."]);
  });
});

const NEWS = [
  "WASHINGTON (Reuters) — President Obama told the U.N. General Assembly on Monday that the U.S. would press for a climate deal.",
  "Firefighters battle a blaze near the U.N. building on Nov. 9, 2018. (AP Photo/Jae C. Hong)",
  "Obama said the climate deal would cut emissions by a third before 2030, and that the U.S. Senate would vote on it.",
  "President Obama also said:",
  "“We will act. The world is watching,” the president told the assembly of world leaders.",
  "Delegates from 190 countries listened to the climate speech in New York on Monday morning.",
  "Critics in the Senate said the climate deal would cost jobs in coal states such as W. Va. and Ky.",
  "^ un.org Announces the General Assembly climate summit. Retrieved 3 May 2020.",
  "The vote on the climate deal is expected before the end of the year, aides said.",
].join("\n\n");

describe("summaries quote whole sentences", () => {
  it("leaves out datelines, captions, reference entries and colon lines, and never cuts at an abbreviation", async () => {
    const summary = await createExtractiveLanguageModel().summarize({
      title: "Obama presses the U.N. on a climate deal",
      text: NEWS,
      language: "en",
    });
    const quoted = summary
      .split("\n")
      .filter(Boolean)
      .map((line) => line.replace(/^\*\*|\*\*$|^- /g, ""));
    expect(quoted.length).toBeGreaterThanOrEqual(4);
    expect(summary).not.toMatch(/WASHINGTON|AP Photo|Firefighters|Retrieved|un\.org|said:/);
    for (const sentence of quoted) {
      expect(sentence).toMatch(/^[“\p{Lu}]/u);
      expect(sentence).toMatch(/[.!?]["”]?$/u);
      expect(sentence).not.toMatch(/\b(?:U\.N|U\.S|Nov|Mr|W\. Va)\.$/u);
    }
    expect(quoted[0]).toBe(
      "President Obama told the U.N. General Assembly on Monday that the U.S. would press for a climate deal.",
    );
  });
});

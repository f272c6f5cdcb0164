/**
 * Language detection benchmark: accuracy, speed and Worker bundle cost of detectLanguage and of the
 * plain libraries it was chosen against, so a change of model or rule can be judged on all three.
 *
 *   npx tsx scripts/bench-lang.ts [labelled.tsv]
 *
 * The file defaults to ../shared/corpus/langid-dev/dev.tsv (`<code>\t<kind>\t<text>`, `#` comments).
 * Bundle cost is what the detector adds to a Worker: a one-line entry bundled and minified by
 * esbuild (the bundler wrangler uses) for the browser platform, then gzipped. "init" is the time a
 * fresh Node process takes to evaluate that bundle, about what a Worker isolate pays at startup.
 */

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { eld as eldExtraSmall } from "eld/extrasmall";
import { eld as eldLarge } from "eld/large";
import { eld as eldSmall } from "eld/small";
import { build } from "esbuild";
import { franc } from "franc-min";
import { detectLanguage } from "../src/worker/domain/language/detect-language";
import { createLanguageDetector } from "../src/worker/domain/language/language-detector";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dataPath = resolve(process.argv[2] ?? join(root, "../shared/corpus/langid-dev/dev.tsv"));

interface Sample {
  label: string;
  text: string;
}

function readSamples(path: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const [label, , ...text] = line.split("\t");
    if (label !== undefined && text.length > 0) samples.push({ label, text: text.join("\t") });
  }
  return samples;
}

/** franc answers in ISO 639-3; only the product languages it knows are mapped. */
const FRANC_TO_ISO1: Record<string, string> = {
  eng: "en",
  deu: "de",
  fra: "fr",
  spa: "es",
  ita: "it",
  por: "pt",
  nld: "nl",
  swe: "sv",
  pol: "pl",
  ces: "cs",
  ron: "ro",
  hun: "hu",
  ell: "el",
  tur: "tr",
  rus: "ru",
  ukr: "uk",
  bul: "bg",
  hrv: "hr",
  srp: "sr",
  arb: "ar",
  pes: "fa",
  urd: "ur",
  hin: "hi",
  ben: "bn",
  jpn: "ja",
  cmn: "zh",
  kor: "ko",
  vie: "vi",
  ind: "id",
  zlm: "ms",
  tha: "th",
};
const FRANC_ONLY = Object.keys(FRANC_TO_ISO1);

interface Candidate {
  name: string;
  detect: (text: string) => string;
  /** Module body of the one-line bundle entry measured for size. */
  entry: string;
}

const fromEld = (language: string) => (language === "no" ? "nb" : language || "?");

const withExtraSmallModel = createLanguageDetector(eldExtraSmall);

const candidates: Candidate[] = [
  {
    name: "detectLanguage (eld small + rules + franc id/ms)",
    detect: (text) => detectLanguage(text).language,
    entry: `import { detectLanguage } from "./src/worker/domain/language/detect-language"; export default detectLanguage;`,
  },
  {
    name: "same rules around eld extra-small",
    detect: (text) => withExtraSmallModel(text).language,
    entry:
      `import { eld } from "eld/extrasmall"; import { createLanguageDetector } from "./src/worker/domain/language/language-detector";` +
      " export default createLanguageDetector(eld);",
  },
  {
    name: "eld extrasmall, plain",
    detect: (text) => fromEld(eldExtraSmall.detect(text).language),
    entry: `import { eld } from "eld/extrasmall"; export default (t) => eld.detect(t).language;`,
  },
  {
    name: "eld small, plain",
    detect: (text) => fromEld(eldSmall.detect(text).language),
    entry: `import { eld } from "eld/small"; export default (t) => eld.detect(t).language;`,
  },
  {
    name: "eld large, plain",
    detect: (text) => fromEld(eldLarge.detect(text).language),
    entry: `import { eld } from "eld/large"; export default (t) => eld.detect(t).language;`,
  },
  {
    name: "franc-min, product languages only",
    detect: (text) => FRANC_TO_ISO1[franc(text, { only: FRANC_ONLY, minLength: 1 })] ?? "?",
    entry: `import { franc } from "franc-min"; export default (t) => franc(t);`,
  },
];

interface Evaluation {
  accuracy: number;
  perLanguage: Map<string, { right: number; total: number }>;
  confusions: Map<string, number>;
  meanMs: number;
}

/** Repetitions of the timed pass; the fastest counts, as the others mostly measure JIT and GC noise. */
const TIMING_RUNS = 5;

function evaluate(candidate: Candidate, samples: readonly Sample[]): Evaluation {
  const perLanguage = new Map<string, { right: number; total: number }>();
  const confusions = new Map<string, number>();
  let right = 0;
  let answers: string[] = [];
  let meanMs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < TIMING_RUNS; run++) {
    const started = performance.now();
    answers = samples.map((sample) => candidate.detect(sample.text));
    meanMs = Math.min(meanMs, (performance.now() - started) / samples.length);
  }
  samples.forEach((sample, i) => {
    const answer = answers[i];
    const counts = perLanguage.get(sample.label) ?? { right: 0, total: 0 };
    counts.total += 1;
    if (answer === sample.label) {
      counts.right += 1;
      right += 1;
    } else {
      const key = `${sample.label} -> ${answer}`;
      confusions.set(key, (confusions.get(key) ?? 0) + 1);
    }
    perLanguage.set(sample.label, counts);
  });
  return { accuracy: right / samples.length, perLanguage, confusions, meanMs };
}

interface BundleCost {
  rawKb: number;
  gzipKb: number;
  initMs: number;
}

async function bundleCost(entry: string, scratch: string, index: number): Promise<BundleCost> {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: "ts", sourcefile: "entry.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error("esbuild produced no output");
  const file = join(scratch, `bundle-${index}.mjs`);
  writeFileSync(file, output.contents);
  // A fresh process, like a Worker isolate starting: this process already holds every model.
  const probe = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  const initMs = Number(execFileSync(process.execPath, ["--input-type=module", "-e", probe], { encoding: "utf8" }));
  return {
    rawKb: output.contents.byteLength / 1024,
    gzipKb: gzipSync(output.contents, { level: 9 }).byteLength / 1024,
    initMs,
  };
}

/** Mean time for one long article: dev sentences of one language joined into ~60 KB of text. */
function longTextMs(samples: readonly Sample[]): { kb: number; ms: number } {
  const byLanguage = new Map<string, string[]>();
  for (const sample of samples) byLanguage.set(sample.label, [...(byLanguage.get(sample.label) ?? []), sample.text]);
  const articles = [...byLanguage.values()].map((texts) => {
    let article = "";
    while (article.length < 60_000) article += `${texts.join(" ")}\n\n`;
    return article;
  });
  let ms = Number.POSITIVE_INFINITY;
  for (let run = 0; run < TIMING_RUNS; run++) {
    const started = performance.now();
    for (const article of articles) detectLanguage(article);
    ms = Math.min(ms, (performance.now() - started) / articles.length);
  }
  const kb = articles.reduce((sum, article) => sum + article.length, 0) / articles.length / 1024;
  return { kb, ms };
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const pad = (value: string, width: number) => value.padEnd(width);

async function main(): Promise<void> {
  const samples = readSamples(dataPath);
  console.log(`Data: ${dataPath} (${samples.length} labelled texts)\n`);

  const scratch = mkdtempSync(join(tmpdir(), "bench-lang-"));
  const rows: Array<{ candidate: Candidate; evaluation: Evaluation; cost: BundleCost }> = [];
  try {
    for (const [index, candidate] of candidates.entries()) {
      const cost = await bundleCost(candidate.entry, scratch, index);
      rows.push({ candidate, evaluation: evaluate(candidate, samples), cost });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  console.log("Candidates");
  console.log(
    `  ${pad("detector", 54)}${pad("accuracy", 10)}${pad("ms/call", 9)}${pad("raw KB", 9)}${pad("gzip KB", 9)}init ms`,
  );
  for (const { candidate, evaluation, cost } of rows) {
    console.log(
      `  ${pad(candidate.name, 54)}${pad(pct(evaluation.accuracy), 10)}${pad(evaluation.meanMs.toFixed(3), 9)}` +
        `${pad(cost.rawKb.toFixed(0), 9)}${pad(cost.gzipKb.toFixed(0), 9)}${cost.initMs.toFixed(0)}`,
    );
  }

  const chosen = rows[0];
  if (chosen === undefined) return;
  const { evaluation, cost } = chosen;
  console.log(`\n${chosen.candidate.name}`);
  console.log(`  overall accuracy: ${pct(evaluation.accuracy)}`);
  console.log(`  mean time per detection: ${(evaluation.meanMs * 1000).toFixed(0)} µs`);
  const long = longTextMs(samples);
  console.log(`  long article (${long.kb.toFixed(0)} KB): ${long.ms.toFixed(2)} ms per detection`);
  console.log(
    `  bundle: ${cost.rawKb.toFixed(0)} KB raw, ${cost.gzipKb.toFixed(0)} KB gzip, ${cost.initMs.toFixed(0)} ms to evaluate`,
  );

  console.log("\n  per language (worst first):");
  const perLanguage = [...evaluation.perLanguage].sort(
    ([a, x], [b, y]) => x.right / x.total - y.right / y.total || a.localeCompare(b),
  );
  for (const [language, { right, total }] of perLanguage) {
    console.log(`    ${language}  ${pct(right / total).padStart(6)}  (${right}/${total})`);
  }

  console.log("\n  confusions (label -> answer):");
  const confusions = [...evaluation.confusions].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  if (confusions.length === 0) console.log("    none");
  for (const [pair, count] of confusions) console.log(`    ${pair}  ×${count}`);
}

await main();

// Writes src/worker/domain/embedding/word-translations-data.ts: for German, Spanish and French words, the
// English words of the local embedder's vector table (word-vectors-data.ts) that translate them, so the
// embedder places a German, Spanish or French article by its subject as it does an English one
// (word-vectors.ts, `wordVectorEmbedding`). Run with tsx (it uses the Worker's stemmer and stop words):
//
//   npx tsx scripts/build-word-translations.mjs [/usr/share/dictd]
//
// Source: the FreeDict bilingual dictionaries as Debian packages them (GPL-2.0-or-later; https://freedict.org):
// `apt-get install dict-freedict-deu-eng dict-freedict-eng-deu dict-freedict-spa-eng dict-freedict-eng-spa
// dict-freedict-fra-eng dict-freedict-eng-fra`. German-English is Frank Richter's Ding dictionary (about 500,000
// entries each way); Spanish and French are small (4,500 to 8,800 headwords each way), so both directions are
// read and the English-to-X one inverted. The generated table is development data like the vector table: it
// goes only into local builds and tests, never into a staging or production bundle (scripts/word-vectors-alias.mjs).
//
// What is kept, and why:
//   1. Headwords of one word (no spaces), not stop words of their language, keyed by their Snowball stem in
//      that language, as the embedder stems a text's words ("Wahlen", "Wahl" → "wahl").
//   2. Of each translation ("eel stock", "to vote", "house; home"), the words in the English vector table; a
//      one-word translation counts twice what a word of a longer one does (it is the meaning, where "stock"
//      in "eel stock" is only part of it).
//   3. Per stem the MAX_TRANSLATIONS English words with the most weight over all its entries and both
//      directions (ties: the more frequent English word), so one rare sense does not outweigh the common one.
//   4. German compounds whose meaning the embedder can rebuild from their parts are left out: when the word
//      splits into a known head and modifier (`splitCompound`, compound-words.ts, as the embedder splits an
//      unknown word) and the head's translations are among the compound's, or the word has LONG_COMPOUND
//      letters or more (long compounds are technical and mean what their parts say: "Abgasturbolader"),
//      the entry adds nothing. This leaves 69,075 German stems of 173,071 (1.3 MB instead of 3.6) with the same
//      neighbours on the multilingual labelled set (docs/ai.md).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { germanPartKeys, splitCompound } from "../src/worker/domain/embedding/compound-words";
import { WORDS } from "../src/worker/domain/embedding/word-vectors-data";
import { isStopWord, stemWord } from "../src/worker/domain/words";
import { ROOT } from "./lib.mjs";

const DICTIONARIES = process.argv[2] ?? "/usr/share/dictd";
const OUTPUT = join(ROOT, "src", "worker", "domain", "embedding", "word-translations-data.ts");
const LANGUAGES = { de: "deu", es: "spa", fr: "fra" };
const MAX_TRANSLATIONS = 3;
const LONG_COMPOUND = 10;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const englishIndex = new Map(WORDS.split(" ").map((word, i) => [word, i]));

/** Entries of a dictd dictionary: [headword, body] with the body's first (headword) line removed. */
function* entries(name) {
  const index = readFileSync(join(DICTIONARIES, `${name}.index`), "utf8");
  const data = gunzipSync(readFileSync(join(DICTIONARIES, `${name}.dict.dz`))).toString("utf8");
  const bytes = Buffer.from(data, "utf8");
  const base64 = (text) => [...text].reduce((n, c) => n * 64 + ALPHABET_DICTD.indexOf(c), 0);
  for (const line of index.split("\n")) {
    const [headword, offset, length] = line.split("\t");
    if (!headword || !offset || !length || headword.startsWith("00-database")) continue;
    const body = bytes.subarray(base64(offset), base64(offset) + base64(length)).toString("utf8");
    yield [headword, body.split("\n").slice(1)];
  }
}
const ALPHABET_DICTD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The translation phrases of an entry's body: its numbered or plain lines, without notes and cross-references. */
function translations(bodyLines) {
  const phrases = [];
  for (const raw of bodyLines) {
    const line = raw.trim();
    if (!line || /^(Note|see|Synonyms?|Antonyms?|Examples?|Usage|Plural)\b:?/i.test(line)) continue;
    if (line.startsWith('"') || line.startsWith("{")) continue;
    const text = line
      .replace(/^\d+\.\s*/, "")
      .replace(/\[[^\]]*\]/g, " ")
      .replace(/<[^>]*>/g, " ")
      .replace(/\([^)]*\)/g, " ")
      .replace(/\/[^/]*\//g, " ");
    for (const phrase of text.split(/[,;]/)) if (phrase.trim()) phrases.push(phrase.trim());
  }
  return phrases;
}

/** English table indices of a phrase's words, each with its weight (2 for a one-word phrase, 1 otherwise). */
function englishWords(phrase) {
  const words = phrase
    .toLowerCase()
    .replace(/^to\s+/, "")
    .split(/[^a-z-]+/)
    .filter(Boolean);
  const known = words.map((w) => englishIndex.get(w)).filter((i) => i !== undefined);
  const weight = words.length === 1 ? 2 : 1;
  return known.map((i) => [i, weight]);
}

/** A stem's shortest headword, lower case: what a compound is split as (the embedder splits words, not stems). */
const wordOfStem = new Map();

function foreignKey(headword, language) {
  if (/\s/.test(headword.trim()) || headword.length < 2) return null;
  const word = headword.toLowerCase().trim();
  if (!/^[\p{L}-]+$/u.test(word) || isStopWord(word, language)) return null;
  const stem = stemWord(word, language);
  const seen = wordOfStem.get(`${language}:${stem}`);
  if (!seen || word.length < seen.length) wordOfStem.set(`${language}:${stem}`, word);
  return stem;
}

function build(language, code) {
  const weights = new Map(); // stem → Map(english index → weight)
  const add = (key, pairs) => {
    if (!key || pairs.length === 0) return;
    let map = weights.get(key);
    if (!map) {
      map = new Map();
      weights.set(key, map);
    }
    for (const [i, w] of pairs) map.set(i, (map.get(i) ?? 0) + w);
  };
  for (const [headword, body] of entries(`freedict-${code}-eng`)) {
    const key = foreignKey(headword, language);
    if (key) for (const phrase of translations(body)) add(key, englishWords(phrase));
  }
  for (const [headword, body] of entries(`freedict-eng-${code}`)) {
    const pairs = englishWords(headword);
    if (pairs.length !== 1) continue; // an English phrase says too little about which of its words is meant
    for (const phrase of translations(body)) add(foreignKey(phrase, language), pairs);
  }
  const table = new Map();
  for (const [key, map] of weights) {
    const best = [...map.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, MAX_TRANSLATIONS)
      .map(([i]) => i);
    table.set(key, best);
  }
  if (language === "de") {
    const has = (stem) => table.get(stem);
    let dropped = 0;
    for (const [key, best] of [...table]) {
      const word = wordOfStem.get(`de:${key}`);
      const parts =
        word &&
        splitCompound(word, (part) => {
          for (const candidate of germanPartKeys(part)) {
            const known = has(candidate);
            if (known && known !== best) return known;
          }
          return undefined;
        });
      if (!parts) continue;
      const rebuilt = parts.head.some((i) => best.includes(i)) || (key.length >= LONG_COMPOUND && parts.modifier);
      if (rebuilt) {
        table.delete(key);
        dropped++;
      }
    }
    console.log(`de: ${dropped} compounds left to splitting`);
  }
  return table;
}

const index3 = (i) => ALPHABET[(i >> 12) & 63] + ALPHABET[(i >> 6) & 63] + ALPHABET[i & 63];
let out =
  "// Generated by scripts/build-word-translations.mjs from the FreeDict German, Spanish and French dictionaries\n" +
  "// (GPL-2.0-or-later, https://freedict.org). Development data: never in a staging or production bundle. Do not edit.\n" +
  "// Format: entries separated by spaces, each a stem, a colon and 3 base64url characters per English word index\n" +
  "// of word-vectors-data.ts; see word-vectors.ts.\n";
for (const [language, code] of Object.entries(LANGUAGES)) {
  const table = build(language, code);
  const text = [...table.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([key, best]) => `${key}:${best.map(index3).join("")}`)
    .join(" ");
  console.log(`${language}: ${table.size} stems, ${(text.length / 1e6).toFixed(2)} MB`);
  out += `\n/** ${language}: ${table.size} stems. */\nexport const ${language.toUpperCase()} =\n  ${JSON.stringify(text)};\n`;
}
writeFileSync(OUTPUT, out);
console.log(`wrote ${OUTPUT}`);

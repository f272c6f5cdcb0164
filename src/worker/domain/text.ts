/** Small text helpers shared by the local summariser and embedder. Pure, language-agnostic. Sentences: sentences/segment.ts. */

/** Lower-cased word tokens of any script (letters and digits, Unicode-aware). */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).map((w) => w.replace(/’/g, "'"));
}

/**
 * A markdown summary as plain text, one line per paragraph or list item: heading, quote and list markers,
 * bold and italic markers and images go, links keep their text. For quoting a summary's own words in plain
 * text (a search result's explanation), where "**" or "- " would show as such. The client's `plainSummary`
 * (src/client/lib/search-format.ts) applies the same rules for display; the two bundles share no code.
 */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .split("\n")
    .map((line) =>
      line
        .trim()
        .replace(/^#{1,6}\s+/, "")
        .replace(/^>\s?/, "")
        .replace(/^(?:[-*+]|\d+[.)])\s+/, "")
        .replace(/\*\*|__|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])|\*/gu, ""),
    )
    .filter((line) => line.length > 0)
    .join("\n");
}

/**
 * Function words and the most common verbs, adverbs and fillers of English (after a standard IR stop list),
 * plus the commonest function words of a few other languages users save. They carry no topic: left in, they
 * dominate bag-of-words vectors and make every two long texts look alike.
 */
export const STOP_WORDS = new Set(
  (
    "a about above across after afterwards again against all almost alone along already also although always am " +
    "among amongst an and another any anybody anyhow anyone anything anyway anywhere are aren't around as at away " +
    "back be became because become becomes becoming been before beforehand behind being below beside besides " +
    "between beyond both but by can can't cannot could couldn't did didn't do does doesn't doing don't done down " +
    "during each either else elsewhere enough etc even ever every everybody everyone everything everywhere except " +
    "few for former formerly from further get gets getting go goes going gone got had hadn't has hasn't have " +
    "haven't having he he'd he'll he's hence her here here's hereby herein hers herself him himself his how " +
    "however i i'd i'll i'm i've if in indeed instead into is isn't it it'd it'll it's its itself just " +
    "lately later latter least less let let's like likely made make makes making many may maybe me meanwhile " +
    "might mine more moreover most mostly much must mustn't my myself namely neither never nevertheless next no " +
    "nobody none noone nor not nothing now nowhere of off often oh ok okay on once one ones only onto or other " +
    "others otherwise ought our ours ourselves out over own per perhaps please put quite rather really said same " +
    "say saying says see seem seemed seeming seems seen several shall she she'd she'll she's should shouldn't " +
    "since so some somebody somehow someone something sometime sometimes somewhat somewhere soon still such sure " +
    "than that that's the their theirs them themselves then thence there there's thereafter thereby therefore " +
    "therein these they they'd they'll they're they've thing things this those though through throughout thru " +
    "thus to together too took toward towards under unless unlike until up upon us use used uses using usually " +
    "very via want wanted wants was wasn't way ways we we'd we'll we're we've well went were weren't what " +
    "what's whatever when whenever where whereas whereby wherever whether which while who who's whoever whole " +
    "whom whose why will with within without won't would wouldn't yes yet you you'd you'll you're you've your " +
    "yours yourself yourselves " +
    "der die das und ist ein eine zu den von mit sich des auf für im dem nicht le la les et est un une des du en " +
    "que qui dans pour pas sur el los las y es del por con para una al lo il di che non per sono de o em os"
  ).split(" "),
);

import { dot } from "../clustering/vectors";
import { centred } from "../embedding/library-space";
import { beyondChance } from "./chance";
import { inLanguage, type ProfileItem, RELATED_FLOOR, type RelatedCalibration } from "./library-profile";
import { percentOf } from "./similarity-scale";

export interface CalibratedMatch<T> {
  candidate: T;
  /** The cosine of the two articles centred on the library's mean: what the scale reads. */
  score: number;
  /** The score read on the library's scale, no more than the share beyond chance: what the reader is shown. */
  percent: number;
}

/**
 * Related articles as the reader sees them: each candidate scored by its cosine with the article, both centred on
 * the library's mean (library-space `centred`), the score read as a percentage on the library's related scale
 * (similarity-scale), at most the share of pairs that close that chance would not make (chance.ts: the two
 * articles each centred on their language's own mean, where it has one), and only those at `floor` or above, best
 * first.
 *
 * The ranking is the centred cosine itself, the quantity the scale was measured on, so the percentages fall down
 * the list (the chance cap rises with the score too). Blending each side with its nearest candidates (the ranking
 * before) lifted an article with no neighbour of its subject towards its least unlike candidate, both ways: "What
 * is Rust" and a flint tool article read 97% alike. On the labelled library of `npm run bench:semantic` (offline,
 * 31 candidates, no floor) the centred cosine ranks as well: precision@5 0.588 on the dev half as blended, 0.605
 * against 0.600 held out; for the English news articles 0.573 against 0.559 and 0.604 against 0.578.
 */
export function calibratedMatches<T extends ProfileItem>(
  article: ProfileItem,
  candidates: T[],
  calibration: RelatedCalibration,
  floor = RELATED_FLOOR,
): CalibratedMatch<T>[] {
  const query = centred(article.vector, calibration.mean);
  const queryInLanguage = inLanguage(article, calibration);
  const { chance } = calibration;
  return candidates
    .map((candidate) => {
      const score = dot(query, centred(candidate.vector, calibration.mean));
      const onScale = percentOf(score, calibration.scale);
      const cap = chance ? beyondChance(dot(queryInLanguage, inLanguage(candidate, calibration)), chance) : 1;
      return { candidate, score, percent: Math.round(Math.min(onScale, cap) * 10_000) / 10_000 };
    })
    .filter((match) => match.percent > 0 && match.percent >= floor)
    .sort((a, b) => b.score - a.score);
}

/**
 * How alike a library's pairs are by chance, and so how many of its pairs at least this close chance alone would
 * make. A library's scale (similarity-scale) reads ranks: its closest pairs read high whatever they are, and in a
 * library with few pairs of one subject the closest pairs are chance ones. In 28 pages in four languages, seven in
 * English on seven subjects, "What is Rust" and a flint tool article were the closest English pair and read 51%.
 *
 * Most pairs of a library share no subject, so its lowest pairs are chance's: a normal distribution fitted to the
 * library's lower tail is the chance model (an empirical null, as Efron's). Its centre and spread come from the
 * 6.68th and 30.85th percentiles (1.5 and 0.5 spreads below a normal's centre), not from the median and the spread
 * below it: in a library where one subject has most articles, or two subjects each half, half its pairs or more
 * share one and the median is one of theirs (22 cooking articles among 4 on astronomy and 4 on football: no pair
 * was beyond chance, and every topic went to "Other articles"). When nearly all pairs are chance's the two fits
 * agree. At a score s, chance makes a share Φc((s - centre) / spread) of the pairs; the library has a share at
 * least as close (read on the tail of its scores kept). Their ratio is the false discovery rate at s (Benjamini and
 * Hochberg's, estimated as Efron does); 1 less it is the share of the pairs this close that chance would not make,
 * which caps a shown percentage (beyondChance). In a library with many pairs of a subject, its close pairs are far
 * more than chance's and the cap does not bite.
 */
export interface ChanceModel {
  /** The centre of chance's scores. */
  centre: number;
  spread: number;
  /** [share, score]: the score with that share of the pairs at least as close, shares falling (TAIL_SHARES, then the closest pair's). */
  tail: [number, number][];
  /** Pairs measured: no share is below one of them. */
  pairs: number;
}

/** The shares of the upper tail a model keeps, log-spaced: where a related article's score falls. */
const TAIL_SHARES = [0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 5e-4, 2e-4, 1e-4, 5e-5, 2e-5, 1e-5];

/** Φ(-1.5) and Φ(-0.5): the shares of a normal distribution below the points chance is fitted at. */
const LOW_TAIL = [0.0668, 0.3085] as const;

/** The share of the normal distribution above z (Φc), by the Numerical Recipes erfc approximation (error < 1.2e-7). */
export function normalTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** The chance model of a library's pair scores. Null when the spread cannot be measured (too few pairs). */
export function chanceModel(scores: ArrayLike<number>): ChanceModel | null {
  const sorted = Float64Array.from(scores).sort();
  const pairs = sorted.length;
  const at = (q: number) => sorted[Math.min(pairs - 1, Math.floor(q * pairs))] as number;
  // The percentiles 1.5 and 0.5 spreads below the centre of a normal distribution.
  const low = at(LOW_TAIL[0]);
  const high = at(LOW_TAIL[1]);
  const spread = high - low;
  if (pairs < 2 || !(spread > 0)) return null;
  const centre = high + 0.5 * spread;
  const tail = TAIL_SHARES.filter((share) => share * pairs > 1).map(
    (share) => [share, round(at(1 - share))] as [number, number],
  );
  // And the closest pair, the one pair at least that close.
  tail.push([1 / pairs, round(sorted[pairs - 1] as number)]);
  return { centre: round(centre), spread: round(spread), tail, pairs };
}

/** The share of the model's pairs at least as close as `score`: log-linear between its tail's points. */
export function shareAtLeast(score: number, model: ChanceModel): number {
  const { tail } = model;
  const first = tail[0];
  if (!first || score <= first[1]) return first?.[0] ?? 1;
  for (let i = 1; i < tail.length; i++) {
    const [share, level] = tail[i] as [number, number];
    if (score <= level) {
      const [previousShare, previousLevel] = tail[i - 1] as [number, number];
      const within = level > previousLevel ? (score - previousLevel) / (level - previousLevel) : 1;
      return previousShare * (share / previousShare) ** within;
    }
  }
  return 1 / model.pairs;
}

/**
 * The share of the library's pairs at least as close as `score` that chance would not make: 1 - (chance's share)
 * / (the library's share), in [0, 1].
 */
export function beyondChance(score: number, model: ChanceModel): number {
  const byChance = normalTail((score - model.centre) / model.spread);
  return Math.max(0, 1 - Math.min(1, byChance / shareAtLeast(score, model)));
}

/** Whether a value read back from storage is a usable model. */
export function isChanceModel(value: unknown): value is ChanceModel {
  const model = value as ChanceModel | null;
  return (
    typeof model?.centre === "number" &&
    typeof model.spread === "number" &&
    model.spread > 0 &&
    typeof model.pairs === "number" &&
    Array.isArray(model.tail) &&
    model.tail.every((point) => Array.isArray(point) && point.length === 2 && point.every(Number.isFinite))
  );
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** How `npm run bench:extract` prints its dev sets' tables: plain Readability beside ours, and each half. */
import { halfOf } from "./extraction-scores";

export const percent = (n: number, of: number) => `${((100 * n) / Math.max(of, 1)).toFixed(1)}%`;

/** One row: a label, plain Readability's figure and ours. */
export function tableRow(label: string, plain: string, ours: string): void {
  console.log(`  ${label.padEnd(42)}${plain.padStart(20)}${ours.padStart(20)}`);
}

/** A half's figures: F1, and how many pages lost a required snippet or kept an unwanted one, of `scoredPages`. */
export interface HalfFigures {
  f1: number;
  lostPages: number;
  clutterPages: number;
  /** The pages the shares are of (those with snippets). */
  scoredPages: number;
  /** The half's pages. */
  pages: number;
}

/**
 * A row per half of a dev set (`halfOf`, by URL): A, the half rules may be tuned on, and B, held out.
 * `figuresIn` measures the pages whose URL is in the half.
 */
export function printHalves(
  figuresIn: (inHalf: (url: string) => boolean) => { plain: HalfFigures; ours: HalfFigures },
) {
  for (const half of ["A", "B"] as const) {
    const { plain, ours } = figuresIn((url) => halfOf(url) === half);
    const figures = (x: HalfFigures) =>
      `${x.f1.toFixed(3)} ${percent(x.lostPages, x.scoredPages)} ${percent(x.clutterPages, x.scoredPages)}`;
    tableRow(
      `half ${half} (${half === "A" ? "tuning" : "held out"}, ${ours.pages}): F1, lost, clutter`,
      figures(plain),
      figures(ours),
    );
  }
}

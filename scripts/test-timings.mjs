// Where the time of `npm test` goes: the wall time of each stage (printed by scripts/test.mjs at the end of a
// run), and, from the JSON reports in test-results/, the time per vitest project and file and per Playwright
// spec file. `node scripts/test-timings.mjs` prints the breakdown of the last run's reports.
// Plain Node with no dependencies, like the other project scripts.
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, relative } from "node:path";

/** The load average (1 min) with one decimal: a stage's figure means little without how busy the machine was. */
export function currentLoad() {
  return Math.round(loadavg()[0] * 10) / 10;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A table of stages, one line each: name, wall time, the load average when it started and ended. Stages that
 * ran at the same time as others say so, so their times are not added up by the reader.
 * @param {{ name: string, ms: number, loadStart: number, loadEnd: number, concurrent?: boolean }[]} stages
 * @param {number} totalMs the wall time of the whole run
 */
export function formatStageTable(stages, totalMs) {
  const width = Math.max(5, ...stages.map((stage) => stage.name.length)) + 2;
  const rows = stages.map(
    (stage) =>
      `  ${stage.name.padEnd(width)}${seconds(stage.ms).padStart(9)}   load ${stage.loadStart} → ${stage.loadEnd}${
        stage.concurrent ? "   (ran alongside others)" : ""
      }`,
  );
  return ["Time per stage:", ...rows, `  ${"total".padEnd(width)}${seconds(totalMs).padStart(9)}`].join("\n");
}

/** Wall time per vitest test file, slowest first, from vitest's JSON report. */
export function vitestFileDurations(report, root) {
  return (report?.testResults ?? [])
    .map((file) => ({ file: relative(root, file.name), ms: (file.endTime ?? 0) - (file.startTime ?? 0) }))
    .sort((a, b) => b.ms - a.ms);
}

/** Time per Playwright spec file (the sum of its tests' attempts), slowest first, from Playwright's JSON report. */
export function playwrightSpecDurations(report) {
  const totals = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + (result.duration ?? 0), 0);
      totals.set(spec.file, (totals.get(spec.file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return [...totals].map(([file, ms]) => ({ file, ms })).sort((a, b) => b.ms - a.ms);
}

function readReport(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
}

function printDurations(title, rows) {
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  console.log(`\n${title} (${rows.length} files, ${seconds(total)} summed):`);
  for (const row of rows) console.log(`  ${seconds(row.ms).padStart(9)}  ${row.file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(import.meta.dirname, "..");
  const vitest = readReport(join(root, "test-results", "vitest.json"));
  const playwright = readReport(join(root, "test-results", "playwright.json"));
  if (vitest) printDurations("vitest, per test file", vitestFileDurations(vitest, root));
  if (playwright) printDurations("Playwright, per spec file", playwrightSpecDurations(playwright));
  if (!vitest && !playwright) console.log("No reports in test-results/: run `npm test` first.");
}

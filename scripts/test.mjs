// `npm test`: set-up, then every check and test suite, then one closing line `N passed, N failed`.
//   checks:   lint + format (biome), typecheck (tsc, every project): each counts as one test
//   worker:   vitest inside workerd (test/worker), the real D1 with the real migrations
//   e2e:      Playwright in the machine's Chromium against the built app (test/e2e)
// Every suite runs even if an earlier one failed, so one run shows everything that is wrong.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { npmCommand, ROOT, run, tool } from "./lib.mjs";
import { setup } from "./setup.mjs";
import { currentLoad, formatStageTable } from "./test-timings.mjs";

const RESULTS = join(ROOT, "test-results");
const LOGS = join(RESULTS, "logs");
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const stages = [];
const startedAt = Date.now();

/** Runs one stage and records its wall time and the machine's load around it, for the table at the end. */
async function stage(name, work, { concurrent = false } = {}) {
  const start = Date.now();
  const loadStart = currentLoad();
  try {
    return await work();
  } finally {
    stages.push({ name, ms: Date.now() - start, loadStart, loadEnd: currentLoad(), concurrent });
  }
}

function record(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(
    `${failed === 0 ? "✔" : "✖"} ${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`,
  );
}

/**
 * Runs a command with its output in test-results/logs/<log>.log, printed in one piece when it ends, so stages
 * that run at the same time never interleave their lines. Resolves with the exit code.
 */
async function runLogged(title, log, command, args) {
  const logPath = join(LOGS, `${log}.log`);
  const fd = openSync(logPath, "w");
  try {
    const code = await run(command, args, { spawn: { stdio: ["ignore", fd, fd] } });
    console.log(`\n› ${title}\n${readFileSync(logPath, "utf8").trimEnd()}`);
    return code;
  } finally {
    closeSync(fd);
  }
}

async function check(name, log, command, args) {
  const code = await runLogged(name, log, command, args);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

function readJson(file) {
  const path = join(RESULTS, file);
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
}

async function vitestSuite() {
  console.log("\n› worker tests (vitest in workerd)");
  const code = await run(tool("vitest"), ["run"]);
  const report = readJson("vitest.json");
  if (!report) return record("worker tests", 0, 1);
  // A test file that fails to load has no failed tests of its own: count it as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === "failed" && (file.assertionResults ?? []).length === 0,
  ).length;
  const failed = report.numFailedTests + brokenFiles;
  if (code !== 0 && failed === 0) return record("worker tests", report.numPassedTests, 1);
  record("worker tests", report.numPassedTests, failed, report.numPendingTests + report.numTodoTests);
}

/** `vite build` into dist/, which the end-to-end server serves; resolves true when it succeeded. */
async function build() {
  return (await runLogged("build for end-to-end tests (vite build)", "build", tool("vite"), ["build"])) === 0;
}

async function playwrightSuite(built) {
  if (!built) return record("e2e tests", 0, 1);
  console.log("\n› end-to-end tests (Playwright in Chromium)");
  const code = await run(tool("playwright"), ["test"]);
  const report = readJson("playwright.json");
  if (!report) return record("e2e tests", 0, 1);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  const failed = unexpected + (report.errors?.length ?? 0) + (code !== 0 && unexpected === 0 ? 1 : 0);
  record("e2e tests", expected + flaky, failed, skipped);
}

await stage("setup", () => setup());
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(LOGS, { recursive: true });

// Lint, typecheck and the docs' links need a few CPU-seconds each and nothing from each other or from the tests:
// they run side by side with the build and then with vitest, whose files spend much of their time waiting on the
// runtime. The build ends before vitest starts: test/scripts/deploy-build.test.ts checks that dist/ stays as it was.
const building = stage("build (vite build)", build, { concurrent: true });
const checking = Promise.all([
  stage("lint and format (biome)", () => check("lint and format (biome)", "lint", tool("biome"), ["ci", "."]), {
    concurrent: true,
  }),
  stage(
    "typecheck (tsc)",
    () => check("typecheck (tsc)", "typecheck", process.execPath, [join(ROOT, "scripts", "typecheck.mjs")]),
    { concurrent: true },
  ),
  stage(
    "links in the docs",
    () => check("links in the docs", "links", npmCommand, ["run", "--silent", "check:links"]),
    { concurrent: true },
  ),
]);
const built = await building;
await stage("worker tests (vitest)", vitestSuite, { concurrent: true });
await checking;
await stage("e2e tests (Playwright)", () => playwrightSuite(built));

console.log(`\n${lines.join("\n")}`);
console.log(`\n${formatStageTable(stages, Date.now() - startedAt)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed === 0 ? 0 : 1);

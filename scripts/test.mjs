// `npm test`: set-up, then every check and test suite, then one closing line `N passed, N failed`.
//   checks:   lint + format (biome), typecheck (tsc, every project): each counts as one test
//   worker:   vitest inside workerd (test/worker), the real D1 with the real migrations
//   e2e:      Playwright in the machine's Chromium against the built app (test/e2e)
// Every suite runs even if an earlier one failed, so one run shows everything that is wrong.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run, tool } from "./lib.mjs";
import { setup } from "./setup.mjs";

const RESULTS = join(ROOT, "test-results");
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function record(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(
    `${failed === 0 ? "✔" : "✖"} ${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`,
  );
}

async function check(name, command, args) {
  console.log(`\n› ${name}`);
  const code = await run(command, args);
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

async function playwrightSuite() {
  console.log("\n› build for end-to-end tests");
  if ((await run(tool("vite"), ["build"])) !== 0) return record("e2e tests", 0, 1);
  console.log("\n› end-to-end tests (Playwright in Chromium)");
  const code = await run(tool("playwright"), ["test"]);
  const report = readJson("playwright.json");
  if (!report) return record("e2e tests", 0, 1);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  const failed = unexpected + (report.errors?.length ?? 0) + (code !== 0 && unexpected === 0 ? 1 : 0);
  record("e2e tests", expected + flaky, failed, skipped);
}

await setup();
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

await check("lint and format (biome)", tool("biome"), ["ci", "."]);
await check("typecheck (tsc)", process.execPath, [join(ROOT, "scripts", "typecheck.mjs")]);
await vitestSuite();
await playwrightSuite();

console.log(`\n${lines.join("\n")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed === 0 ? 0 : 1);

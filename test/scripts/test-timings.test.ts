import { describe, expect, it } from "vitest";
import { formatStageTable, playwrightSpecDurations, vitestFileDurations } from "../../scripts/test-timings.mjs";

describe("the time per stage of `npm test`", () => {
  it("lists each stage with its wall time and load, marks the ones that ran alongside others, and ends with the total", () => {
    const table = formatStageTable(
      [
        { name: "setup", ms: 1_234, loadStart: 0.5, loadEnd: 1.1 },
        { name: "typecheck (tsc)", ms: 61_000, loadStart: 1.1, loadEnd: 2.4, concurrent: true },
      ],
      300_500,
    ).split("\n");
    expect(table[0]).toBe("Time per stage:");
    expect(table[1]).toMatch(/^ {2}setup +1\.2 s {3}load 0\.5 → 1\.1$/);
    expect(table[2]).toMatch(/^ {2}typecheck \(tsc\) +61\.0 s {3}load 1\.1 → 2\.4 {3}\(ran alongside others\)$/);
    expect(table[3]).toMatch(/^ {2}total +300\.5 s$/);
  });

  it("sorts vitest's files by wall time, named from the project root", () => {
    const report = {
      testResults: [
        { name: "/repo/test/worker/a.test.ts", startTime: 1_000, endTime: 3_000 },
        { name: "/repo/test/worker/b.test.ts", startTime: 1_000, endTime: 9_000 },
      ],
    };
    expect(vitestFileDurations(report, "/repo")).toEqual([
      { file: "test/worker/b.test.ts", ms: 8_000 },
      { file: "test/worker/a.test.ts", ms: 2_000 },
    ]);
  });

  it("sums each Playwright spec file's tests and their retries, nested suites included", () => {
    const test = (...durations: number[]) => ({ results: durations.map((duration) => ({ duration })) });
    const report = {
      suites: [
        {
          specs: [{ file: "a.spec.ts", tests: [test(1_000, 500)] }],
          suites: [{ specs: [{ file: "a.spec.ts", tests: [test(2_000)] }] }],
        },
        { specs: [{ file: "b.spec.ts", tests: [test(4_000)] }] },
      ],
    };
    expect(playwrightSpecDurations(report)).toEqual([
      { file: "b.spec.ts", ms: 4_000 },
      { file: "a.spec.ts", ms: 3_500 },
    ]);
  });
});

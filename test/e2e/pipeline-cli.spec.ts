import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";

// The pipeline command (scripts/pipeline.ts), run as a user runs it: JSON lines in, JSON lines out. It needs no
// browser and no server; it lives with the end-to-end tests because those run in Node, where the command runs.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function pipeline(stage: string, lines: string[]) {
  const run = spawnSync(join(ROOT, "node_modules", ".bin", "tsx"), [join(ROOT, "scripts", "pipeline.ts"), stage], {
    cwd: ROOT,
    input: `${lines.join("\n")}\n`,
    encoding: "utf8",
    timeout: 60_000,
  });
  const out = run.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return { status: run.status, out, stderr: run.stderr };
}

/** The benchmark's hand-written articles: 14 in 5 subjects. */
const articles: { id: string; subject: string; title: string; paragraphs: string[] }[] = JSON.parse(
  readFileSync(join(ROOT, "scripts", "bench-data", "semantic-extra.json"), "utf8"),
).articles;
const asLine = (a: (typeof articles)[number]) =>
  JSON.stringify({ id: a.id, title: a.title, text: a.paragraphs.join("\n\n") });

test.describe("pipeline command", () => {
  test.describe.configure({ timeout: 90_000 });

  test("cluster: one line out per line in, in order, with topics for the library and an error for a bad line", () => {
    const input = [...articles.slice(0, 7).map(asLine), "{not json", ...articles.slice(7).map(asLine)];
    input.splice(3, 0, JSON.stringify({ id: "no-text", title: "Missing its text" }));
    const { status, out } = pipeline("cluster", input);
    expect(status).toBe(1); // some lines failed
    expect(out).toHaveLength(input.length);
    expect(out[3]).toEqual({ id: "no-text", error: expect.stringMatching(/^text: /) });
    expect(out[8]).toEqual({ id: null, error: expect.stringMatching(/^not JSON/) });
    const placed = out.filter((line) => !("error" in line));
    expect(placed.map((line) => line.id)).toEqual(articles.map((a) => a.id));
    for (const line of placed) {
      if (line.topic_id === null) {
        expect(line).toMatchObject({ topic_label: null, similarity: null });
      } else {
        expect(line.topic_label).toMatch(/\S/);
        expect(line.similarity).toBeGreaterThanOrEqual(0);
        expect(line.similarity).toBeLessThanOrEqual(1);
      }
    }
    const topics = new Set(placed.flatMap((line) => (line.topic_id === null ? [] : [line.topic_id])));
    expect(topics.size).toBeGreaterThanOrEqual(2);
    // Grouped by subject, not at random: most pairs in one topic are of one subject.
    const subjectOf = new Map(articles.map((a) => [a.id, a.subject]));
    let pairs = 0;
    let sameSubject = 0;
    for (const [i, a] of placed.entries())
      for (const b of placed.slice(i + 1))
        if (a.topic_id !== null && a.topic_id === b.topic_id) {
          pairs += 1;
          if (subjectOf.get(a.id) === subjectOf.get(b.id)) sameSubject += 1;
        }
    expect(sameSubject / pairs).toBeGreaterThan(0.5);
    // Deterministic: the same library gives the same topics.
    expect(pipeline("cluster", input).out).toEqual(out);
  });

  test("embed and summarize: one result per line, errors named, exit code 1 when a line failed", () => {
    const text = articles[0]?.paragraphs.join("\n\n") ?? "";
    const embedded = pipeline("embed", [JSON.stringify({ id: 1, text }), JSON.stringify({ id: 2 })]);
    expect(embedded.status).toBe(1);
    expect(embedded.out[0].vector).toHaveLength(1024);
    const length = Math.hypot(...embedded.out[0].vector);
    expect(length).toBeCloseTo(1, 6);
    expect(embedded.out[1]).toEqual({ id: 2, error: expect.stringMatching(/^text: /) });

    const summarized = pipeline("summarize", [JSON.stringify({ id: "a", title: articles[0]?.title, text })]);
    expect(summarized.status).toBe(0);
    expect(summarized.out[0].summary).toMatch(/^\*\*.+\*\*\n\n- /);
  });

  test("an unknown stage prints the usage and exits with 2", () => {
    const { status, stderr } = pipeline("frobnicate", []);
    expect(status).toBe(2);
    expect(stderr).toMatch(/usage: .*extract\|lang\|summarize\|embed\|cluster/);
  });
});

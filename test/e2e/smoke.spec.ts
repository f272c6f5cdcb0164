import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";
import { articleUrl } from "./helpers";

// The after-deploy smoke test (scripts/smoke.mjs), run as an operator runs it, against this suite's server.
// Asynchronous spawn: the app server runs in this process's event loop's children and must keep answering.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function smoke(args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "scripts", "smoke.mjs"), ...args], { cwd: ROOT });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("exit", (status) => resolve({ status, stdout }));
  });
}

test.describe("smoke test after a deploy", () => {
  test.describe.configure({ timeout: 180_000 });

  test("passes every step against a working app, one line each, and cleans up", async ({ baseURL }) => {
    const { status, stdout } = await smoke([
      "--base",
      String(baseURL),
      "--article",
      articleUrl("Smoke test article"),
      "--environment",
      "development",
    ]);
    const lines = stdout.split("\n");
    for (const name of [
      "health: status, environment and adapters",
      "the app (SPA) loads with its assets",
      "register a throwaway account",
      "a call without a token is refused",
      "save the article",
      "the article is processed: completed, with a summary and a language",
      "related articles answer",
      "chat search answers",
      "topics answer",
      "listen: the engine for the article's language",
      "delete the article",
      "log out",
    ]) {
      expect(
        lines.some((line) => line.startsWith(`✔ ${name}`)),
        `${name}\n${stdout}`,
      ).toBe(true);
    }
    expect(stdout).toContain("embedder=local-glove-hashing-v3");
    // Locally the browser's voices read English: the e2e servers render only Spanish, with the fake speech model
    // (LISTEN_FAKE_SPEECH=es, scripts/serve-e2e.mjs; docs/ai.md#listen-text-to-speech).
    expect(stdout).toContain("the browser's voice reads (No cloud voice speaks English");
    expect(lines).toContain("✔ smoke: 12 passed, 0 failed");
    expect(status).toBe(0);
  });

  test("fails, with the reason on the step's line and a non-zero exit, when a check does not hold", async ({
    baseURL,
  }) => {
    const { status, stdout } = await smoke([
      "--base",
      String(baseURL),
      "--article",
      articleUrl("Smoke test article, wrong environment"),
      "--environment",
      "production",
    ]);
    expect(stdout).toContain(
      "✖ health: status, environment and adapters: environment is development, expected production",
    );
    expect(stdout).toMatch(/✖ smoke: \d+ passed, 1 failed/);
    expect(status).toBe(1);
  });
});

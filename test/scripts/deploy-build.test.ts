import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Every file under `dir` with a hash of its content (empty when the folder does not exist). */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (!existsSync(dir)) return files;
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[relative(dir, full)] = createHash("sha256").update(readFileSync(full)).digest("hex");
    }
  };
  walk(dir);
  return files;
}

function runDeployCheck(outDir: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    // As `npm run deploy:check` runs it, into a folder of the test's own.
    const child = spawn(
      join(root, "node_modules/.bin/node"),
      ["scripts/deploy.mjs", "production", "--dry-run", "--out-dir", outDir],
      {
        cwd: root,
        env: {
          ...process.env,
          PATH: `${join(root, "node_modules/.bin")}:${process.env.PATH}`,
          CLOUDFLARE_CF_FETCH_ENABLED: "false",
          WRANGLER_SEND_METRICS: "false",
        },
      },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}

describe("the deploy check's production build (issue 31 item 6)", () => {
  const outDir = mkdtempSync(join(tmpdir(), "viberead-deploy-check-"));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("builds into its own folder and leaves dist/, which a running `npm start` serves, untouched", async () => {
    const localBuild = join(root, "dist");
    const before = snapshot(localBuild);

    const { code, output } = await runDeployCheck(outDir);
    expect(code, output).toBe(0);

    expect(snapshot(localBuild)).toEqual(before);
    const config = JSON.parse(readFileSync(join(outDir, "viberead", "wrangler.json"), "utf8"));
    expect(config.vars.ENVIRONMENT).toBe("production");
    expect(existsSync(join(outDir, "client", "index.html"))).toBe(true);
    // wrangler accepted it: the dry run wrote its bundle next to the build.
    expect(readdirSync(join(outDir, "deploy-check")).length).toBeGreaterThan(0);
    // The local embedder's data (word vectors, dictionaries; development only) stays out of the production Worker.
    const assets = readdirSync(join(outDir, "viberead", "assets"));
    expect(assets.filter((name) => /word-(vectors|translations)-data-/.test(name))).toEqual([]);
  }, 600_000);
});

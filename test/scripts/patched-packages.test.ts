import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const patchesDir = join(root, "patches");

/** The lines each patch adds, by the installed file they go into (patch-package's unified diffs). */
function addedLinesByFile(patch: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of patch.split("\n")) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line);
    if (target?.[1]) {
      current = [];
      files.set(target[1], current);
    } else if (current && line.startsWith("+") && line.slice(1).trim() !== "") {
      current.push(line.slice(1));
    }
  }
  return files;
}

// npm ci's postinstall applies patches/ (patch-package); an install with --ignore-scripts does not, and the
// extraction then runs on an unpatched linkedom: about a third slower (docs/processing.md), with no other sign.
describe("patched packages", () => {
  const patches = readdirSync(patchesDir).filter((name) => name.endsWith(".patch"));

  it("has the patches this test checks", () => {
    expect(patches.length).toBeGreaterThan(0);
  });

  for (const name of patches) {
    it(`${name} is applied to node_modules`, () => {
      const byFile = addedLinesByFile(readFileSync(join(patchesDir, name), "utf8"));
      expect(byFile.size).toBeGreaterThan(0);
      const missing: string[] = [];
      for (const [file, lines] of byFile) {
        const installed = readFileSync(join(root, file), "utf8").split("\n");
        for (const line of lines) if (!installed.includes(line)) missing.push(`${file}: ${line}`);
      }
      expect(missing).toEqual([]);
    });
  }
});

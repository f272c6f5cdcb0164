import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

/**
 * A library per shard (docs/capacity.md): every per-user query reaches its shard through src/worker/db/shards.ts, so
 * no other module may read a D1 binding. A module that did (env.DB, env.DB_SHARD_1, env["DB..."]) could query a
 * library on the wrong shard, or the central database for library data.
 */
describe("shard access", () => {
  it("reads D1 bindings only in src/worker/db/shards.ts", () => {
    const offenders = sources(join(root, "src/worker"))
      .map((file) => relative(root, file))
      .filter((file) => file !== "src/worker/db/shards.ts")
      .filter((file) => /\benv\s*(\.\s*DB\b|\.\s*DB_SHARD_|\[\s*["'`]DB)/.test(readFileSync(join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("finds a binding read where there is one (the check itself works)", () => {
    const shards = readFileSync(join(root, "src/worker/db/shards.ts"), "utf8");
    expect(/\benv\s*(\.\s*DB\b|\.\s*DB_SHARD_|\[\s*["'`]DB)/.test(shards)).toBe(true);
  });
});

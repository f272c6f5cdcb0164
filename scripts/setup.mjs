// Brings a checkout to a runnable state, doing only what is missing:
//  1. installs the npm packages (npm ci) when node_modules is absent or older than package-lock.json or patches/
//     (npm ci's postinstall applies patches/ with patch-package: docs/processing.md says why linkedom is patched);
//  2. points wrangler's local Browser Rendering at the machine's Chromium (miniflare would otherwise try to
//     download Chrome, which fails offline);
//  3. with --migrate[=DIR], applies the D1 migrations to the local database in DIR (default .wrangler/state).
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { npmCommand, ROOT, runOrExit, tool } from "./lib.mjs";

const STAMP = join(ROOT, "node_modules", ".viberead-install-stamp");
const SHIM_MARKER = "# viberead: local Browser Rendering uses the system Chromium";

/** The lock file and the patches npm ci's postinstall applies: a change to either reinstalls. */
function lockHash() {
  const hash = createHash("sha256").update(readFileSync(join(ROOT, "package-lock.json")));
  const patches = join(ROOT, "patches");
  if (existsSync(patches)) {
    for (const name of readdirSync(patches).sort()) hash.update(name).update(readFileSync(join(patches, name)));
  }
  return hash.digest("hex");
}

async function installPackages() {
  const wanted = lockHash();
  if (existsSync(STAMP) && readFileSync(STAMP, "utf8") === wanted) return;
  console.log("› Installing npm packages (npm ci)...");
  // --prefer-offline: packages already in npm's cache (a machine that installed them before) are not asked for
  // again; the lock file pins every version, so nothing newer is missed. A fresh machine downloads as before.
  await runOrExit(npmCommand, ["ci", "--prefer-offline", "--no-audit", "--no-fund"]);
  writeFileSync(STAMP, wanted);
}

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
  ];
  return candidates.find((path) => path && existsSync(path));
}

/** The Chrome versions the installed miniflare copies expect (wrangler's and the vitest plugin's may differ). */
function miniflareBrowserVersions() {
  const copies = [
    "node_modules/miniflare/dist/src/index.js",
    "node_modules/@cloudflare/vitest-plugin/node_modules/miniflare/dist/src/index.js",
    "node_modules/wrangler/node_modules/miniflare/dist/src/index.js",
  ];
  const versions = new Set();
  for (const copy of copies) {
    const path = join(ROOT, copy);
    if (!existsSync(path)) continue;
    const match = /var BROWSER_VERSION = "([\d.]+)"/.exec(readFileSync(path, "utf8"));
    if (match) versions.add(match[1]);
  }
  return [...versions];
}

function installBrowserShim() {
  if (process.platform !== "linux") return; // elsewhere miniflare downloads Chrome itself (needs network)
  const chromium = findChromium();
  if (!chromium) {
    console.warn(
      "! No Chromium found (set CHROMIUM_PATH or `apt-get install chromium`): script-heavy pages cannot be rendered locally.",
    );
    return;
  }
  const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), ".wrangler", "chrome");
  for (const version of miniflareBrowserVersions()) {
    const installDir = join(cacheRoot, `linux-${version}`);
    const executable = join(installDir, "chrome-linux64", "chrome");
    // Never replace a real Chrome that miniflare downloaded on a machine with network.
    if (existsSync(executable) && !readFileSync(executable, "utf8").includes(SHIM_MARKER)) continue;
    mkdirSync(join(installDir, "chrome-linux64"), { recursive: true });
    writeFileSync(
      executable,
      [
        "#!/bin/sh",
        SHIM_MARKER,
        `exec "${chromium}" --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking \\`,
        '  --disable-component-update --disable-sync --no-first-run --disable-quic "$@"',
        "",
      ].join("\n"),
    );
    chmodSync(executable, 0o755);
    writeFileSync(join(installDir, ".miniflare-install-complete"), "");
  }
}

/**
 * The end-to-end servers keep libraries on two D1 databases (docs/capacity.md, "A library per shard"): users take
 * turns, so every spec's readers land on both shards and the suite runs the app as a sharded deployment does.
 */
export const E2E_SHARDS = ["DB", "DB_SHARD_1"];

/** Migrates the local databases of `bindings` (DB alone by default; the end-to-end servers add a second shard). */
export async function applyMigrations(persistTo, bindings = ["DB"]) {
  for (const binding of bindings) {
    console.log(`› Applying D1 migrations to the local database ${binding} (${persistTo})...`);
    await runOrExit(tool("wrangler"), ["d1", "migrations", "apply", binding, "--local", "--persist-to", persistTo]);
  }
}

export async function setup({ migrate } = {}) {
  await installPackages();
  installBrowserShim();
  if (migrate) await applyMigrations(migrate);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const migrateArg = process.argv.find((arg) => arg.startsWith("--migrate"));
  const migrate = migrateArg ? migrateArg.split("=")[1] || ".wrangler/state" : undefined;
  await setup({ migrate });
}

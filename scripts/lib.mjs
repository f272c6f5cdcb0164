// Helpers shared by the project scripts. Plain Node (>= 20) with no dependencies: these scripts run before
// `npm ci` has installed anything.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BIN = join(ROOT, "node_modules", ".bin");

/**
 * The environment for project tools: node_modules/.bin first on PATH, so `#!/usr/bin/env node` tools run on
 * the Node 22 from the `node` package whatever Node started npm; wrangler offline and without telemetry.
 */
export function toolEnv(extra = {}) {
  return {
    ...process.env,
    PATH: `${BIN}${delimiter}${process.env.PATH ?? ""}`,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    ...extra,
  };
}

/** Runs a command to completion, streaming its output; resolves with the exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", env: toolEnv(options.env), ...options.spawn });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and exits the process if it fails. */
export async function runOrExit(command, args, options = {}) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${[command, ...args].join(" ")} exited with ${code}`);
    process.exit(code);
  }
}

/** A project tool from node_modules/.bin. */
export function tool(name) {
  const path = join(BIN, process.platform === "win32" ? `${name}.cmd` : name);
  if (!existsSync(path)) throw new Error(`${name} is not installed: run npm ci`);
  return path;
}

/** wrangler arguments that serve the built app (dist/) the way it is deployed: one Worker with its assets. */
export function serveArgs({ port, persistTo }) {
  return [
    "dev",
    "-c",
    "dist/viberead/wrangler.json",
    "--port",
    String(port),
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
  ];
}

/** Serves the built app in the foreground until it exits. */
export function serveBuiltApp(options) {
  return runOrExit(tool("wrangler"), serveArgs(options));
}

export const npmCommand = process.platform === "win32" ? "npm.cmd" : "npm";

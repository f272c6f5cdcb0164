// Helpers shared by the project scripts. Plain Node (>= 20) with no dependencies: these scripts run before
// `npm ci` has installed anything.
import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtConfigPath, LOCAL_BUILD_DIR } from "./build-dirs.mjs";

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

/** Runs a command to completion without streaming; resolves with its exit code, stdout and stderr. */
export function capture(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: toolEnv(options.env), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stdout, stderr }));
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

/**
 * wrangler arguments that serve the built app (dist/) the way it is deployed: one Worker with its assets.
 * `vars` override variables of wrangler.toml for this run only.
 */
export function serveArgs({ port, persistTo, configPath = builtConfigPath(LOCAL_BUILD_DIR), vars = {} }) {
  return [
    "dev",
    "-c",
    configPath,
    "--port",
    String(port),
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
}

/** Serves the built app in the foreground until it exits. */
export function serveBuiltApp(options) {
  return runOrExit(tool("wrangler"), serveArgs(options));
}

/**
 * Starts the built app in the background for a benchmark, its output in `logPath` (`vars` override wrangler.toml's
 * variables, `extraArgs` go to `wrangler dev`). `stop()` ends wrangler
 * and workerd (the whole process group) and is also called when this process exits.
 */
export function startAppInBackground({ port, persistTo, logPath, configPath, vars, extraArgs = [] }) {
  const log = openSync(logPath, "w");
  const server = spawn(tool("wrangler"), [...serveArgs({ port, persistTo, configPath, vars }), ...extraArgs], {
    cwd: ROOT,
    env: toolEnv(),
    stdio: ["ignore", log, log],
    detached: true,
  });
  closeSync(log);
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  return { server, stop, base: `http://127.0.0.1:${port}`, logPath };
}

/**
 * Runs a cron trigger's scheduled event on a server started with `--test-scheduled` and answers once it has finished,
 * its waitUntil work included. Sent again (up to 3 times) when the connection it went on was closed under it (an
 * idle kept-alive one the server dropped); a status other than 200 is an error.
 */
export async function runScheduledEvent(base, cron) {
  for (let attempt = 1; ; attempt += 1) {
    let response;
    try {
      response = await fetch(`${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`);
    } catch (error) {
      if (attempt >= 3) throw new Error(`the scheduled event failed: ${error.cause?.message ?? error.message}`);
      continue;
    }
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`the cron trigger answered ${response.status}`);
    return;
  }
}

/**
 * CPU time in ms used so far by every process of a process group (a server of startAppInBackground: wrangler and
 * its workerd), from Linux's /proc at its 10 ms clock ticks; null on a system without /proc.
 */
export function processGroupCpuMs(groupId) {
  if (!existsSync("/proc/self/stat")) return null;
  let ticks = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // After "pid (command) ": state, ppid, pgrp, ... utime and stime are the 14th and 15th fields of the line.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === groupId) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/** Resolves when the app answers /api/health; rejects if the server exits or does not start in time. */
export async function waitForHealth({ server, base, logPath }, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app server exited; see ${logPath}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the app did not start within ${timeoutMs / 1000} s`);
}

/** A JSON API caller for `base`; any status other than 2xx rejects with the server's answer. */
export function apiClient(base) {
  const call = apiResponseClient(base);
  return async (method, path, options) => (await call(method, path, options)).json;
}

/** apiClient, answering the parsed JSON with the response itself (for its headers). */
export function apiResponseClient(base) {
  return async function call(method, path, { token, body } = {}) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return { json, response };
  };
}

/**
 * apiClient, but a call is sent again (up to `attempts` times, `pauseMs` apart) when wrangler dev's proxy lost it:
 * a 500 that is not the app's JSON never reached the Worker (docs/footguns.md); it happens on a busy machine.
 */
export function resendingApiClient(base, options) {
  return resending(apiClient(base), options);
}

/** `callOnce` (an apiClient or apiResponseClient), sent again as resendingApiClient does. */
export function resending(callOnce, { attempts = 3, pauseMs = 250 } = {}) {
  return async function call(method, path, options) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await callOnce(method, path, options);
      } catch (error) {
        if (attempt >= attempts || !/ answered 500: null$/.test(error.message)) throw error;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  };
}

/**
 * Waits until every article of `ids` has completed or failed, asking `/api/articles/batch/status` (50 ids a call);
 * returns article id -> its status. Prints progress every `reportEveryMs`, prefixed with `label`.
 */
export async function waitUntilProcessed(
  call,
  token,
  ids,
  { timeoutMs, label = "", reportEveryMs = 10_000, pollMs = 500 } = {},
) {
  const finished = new Map();
  const deadline = Date.now() + timeoutMs;
  let reported = Date.now();
  while (finished.size < ids.length) {
    if (Date.now() > deadline)
      throw new Error(`${ids.length - finished.size} articles still processing after ${timeoutMs / 60_000} min`);
    const open = ids.filter((id) => !finished.has(id));
    for (let i = 0; i < open.length; i += 50) {
      const { statuses } = await call("POST", "/api/articles/batch/status", {
        token,
        body: { article_ids: open.slice(i, i + 50) },
      });
      for (const s of statuses) if (s.status === "completed" || s.status === "failed") finished.set(s.article_id, s);
    }
    if (Date.now() - reported > reportEveryMs) {
      console.log(`  ${label}${finished.size}/${ids.length} processed`);
      reported = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return finished;
}

/** The Chromium the benchmarks drive (Debian's, installed by .ci/run), unless CHROMIUM_PATH names another. */
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
/** Flags that let Debian's Chromium run headless as root with no network (../shared/platform-notes.md). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export const npmCommand = process.platform === "win32" ? "npm.cmd" : "npm";

/** The local D1 file of a `--persist-to` directory (the app's one database): for seeding it while no server runs. */
export function d1File(persistTo) {
  const dir = join(ROOT, persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 file in ${dir}, found ${files.join(", ")}`);
  return join(dir, files[0]);
}

/** A small seeded random generator (mulberry32), so a benchmark measures the same data every run. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

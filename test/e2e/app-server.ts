import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { APP_PORT } from "../../playwright.config";
import { ROOT, toolEnv, waitForHealth } from "../../scripts/lib.mjs";

/**
 * The app server of one Playwright worker: the built app served by scripts/serve-e2e.mjs (as `npm start` serves
 * it, with a fresh database of its own). Each worker has its own, because one `wrangler dev` runs the whole Worker,
 * its queue consumers and its Workflows in one workerd process, on one thread: two workers' tests and the
 * processing of their articles on one server took turns on one core, while the other idled.
 */
export interface AppServer {
  origin: string;
  stop(): Promise<void>;
}

/** The migrated database every worker's server starts from a copy of (made once by ./global-setup.ts). */
export const STATE_TEMPLATE = `.wrangler/e2e-template-${APP_PORT}`;

/**
 * Worker `parallelIndex` serves on E2E_PORT + 2 × index: E2E_PORT itself when there is one worker, and never
 * the fixture server's port, which sits next to E2E_PORT (E2E_FIXTURE_PORT, 8798 by default).
 */
export function appPort(parallelIndex: number): number {
  return APP_PORT + 2 * parallelIndex;
}

/** A port the OS says is free now (for a server whose own port another program took). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Codes of a host address the machine lacks (no IPv6 loopback): nothing can listen there, so nothing does. */
const NO_SUCH_ADDRESS = new Set(["EADDRNOTAVAIL", "EAFNOSUPPORT"]);

/** Whether nothing listens on `port` at `host` yet (wrangler stops at start-up on a port in use). */
export function isFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(NO_SUCH_ADDRESS.has(error.code ?? "")));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

function spawnServer(port: number, logPath: string): AppServer & { server: ChildProcess; origin: string } {
  // Appended to: a worker that replaces a failed one starts the same port's server again.
  const log = openSync(logPath, "a");
  const server = spawn(process.execPath, [join(ROOT, "scripts", "serve-e2e.mjs")], {
    cwd: ROOT,
    env: toolEnv({ E2E_PORT: String(port), E2E_STATE_TEMPLATE: STATE_TEMPLATE }),
    stdio: ["ignore", log, log],
    // Its own process group, so stopping it takes wrangler and workerd down with it.
    detached: true,
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    try {
      process.kill(-(server.pid as number), "SIGTERM");
    } catch {
      return; // already gone
    }
    await exited;
  };
  return { server, origin: `http://localhost:${port}`, stop };
}

export async function startAppServer(parallelIndex: number): Promise<AppServer> {
  const logDir = join(ROOT, "test-results", "e2e-servers");
  mkdirSync(logDir, { recursive: true });
  // Servers starting side by side (or another program) sometimes hold a port wrangler binds at start-up, even
  // when the worker's own port was free a moment before: wrangler then stops at once with "Address already in
  // use" (2 of 3 busy 3-worker runs, failing the worker's first test). Such a server is started again, on a free port.
  for (let attempt = 1; ; attempt++) {
    const preferred = appPort(parallelIndex);
    const port = attempt === 1 && (await isFree(preferred)) ? preferred : await freePort();
    const logPath = join(logDir, `app-${port}.log`);
    const { server, origin, stop } = spawnServer(port, logPath);
    try {
      // Generous: wrangler's start-up takes several times longer on a busy 2-core machine.
      await waitForHealth({ server, base: origin, logPath }, 150_000);
      return { origin, stop };
    } catch (error) {
      const exitedEarly = server.exitCode !== null || server.signalCode !== null;
      await stop();
      if (exitedEarly && attempt < 3) continue;
      const tail = readFileSync(logPath, "utf8").split("\n").slice(-30).join("\n");
      throw new Error(`${(error as Error).message}\n--- the end of ${logPath}:\n${tail}`);
    }
  }
}

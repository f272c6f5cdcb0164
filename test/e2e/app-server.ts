import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
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

export async function startAppServer(parallelIndex: number): Promise<AppServer> {
  const port = appPort(parallelIndex);
  const logDir = join(ROOT, "test-results", "e2e-servers");
  mkdirSync(logDir, { recursive: true });
  const logPath = join(logDir, `app-${port}.log`);
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
  const origin = `http://localhost:${port}`;
  try {
    // Generous: migrations and wrangler's start-up take several times longer on a busy 2-core machine.
    await waitForHealth({ server, base: origin, logPath }, 150_000);
  } catch (error) {
    await stop();
    const tail = readFileSync(logPath, "utf8").split("\n").slice(-30).join("\n");
    throw new Error(`${(error as Error).message}\n--- the end of ${logPath}:\n${tail}`);
  }
  return { origin, stop };
}

import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, cpSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
import { FIXTURE_PORT } from "../../playwright.config";
// The same functions `npm start` uses (scripts/start.mjs).
import { ROOT, serveArgs, tool, toolEnv, waitForHealth } from "../../scripts/lib.mjs";
// The port probes the e2e app servers use.
import { freePort, isFree, STATE_TEMPLATE } from "./app-server";
// The suite's `test`, though this test needs none of its fixtures (it starts a server of its own): with another
// `test`, Playwright gave it a worker of its own, started only after every other test, and the whole stage waited
// about 75 s for it alone at the end. With the same one it runs in its turn beside the others.
import { expect, test } from "./fixtures";
import { PASSWORD, resendingFetch, uniqueEmail } from "./helpers";

/**
 * Issue 31: work survives a crash. The built app is served as `npm start` serves it (scripts/lib.mjs serveArgs),
 * on a port of its own and its own state folder; articles are saved and a file imported; the server's whole
 * process group is killed (SIGKILL) while they are processing, and started again on the same state. Every
 * article must end completed or failed with a reason, and the import must read its true state.
 */

/** Waits until nothing listens on `port` (the killed server's workerd can outlive wrangler's exit for a moment). */
async function waitForPortFree(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!((await isFree(port)) && (await isFree(port, "::1")))) {
    if (Date.now() > deadline) throw new Error(`port ${port} is still in use a minute after the crash`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function startServer(port: number, persistTo: string, logPath: string): ChildProcess {
  const log = openSync(logPath, "a");
  const server = spawn(tool("wrangler"), serveArgs({ port, persistTo }), {
    cwd: ROOT,
    env: toolEnv(),
    stdio: ["ignore", log, log],
    // Its own process group: killing the group takes wrangler and workerd down together, as a crash would.
    detached: true,
  });
  closeSync(log);
  return server;
}

/**
 * Starts the server on `port` and waits until it answers. Wrangler also binds a devtools port at start-up, picked
 * when it starts: a server starting beside another (or beside a killed one not yet gone) sometimes finds it taken
 * and exits at once with "Address already in use" (2 of 12 restarts with three copies of this test and two CPU
 * hogs; test/e2e/app-server.ts met the same). Such a start is tried again, as the e2e app servers are.
 */
async function startHealthyServer(port: number, persistTo: string, logPath: string): Promise<ChildProcess> {
  for (let attempt = 1; ; attempt++) {
    await waitForPortFree(port);
    const server = startServer(port, persistTo, logPath);
    try {
      await waitForHealth({ server, base: `http://127.0.0.1:${port}`, logPath });
      return server;
    } catch (error) {
      const exitedEarly = server.exitCode !== null || server.signalCode !== null;
      await crash(server);
      if (!exitedEarly || attempt === 3) throw error;
    }
  }
}

async function crash(server: ChildProcess): Promise<void> {
  const running = server.exitCode === null && server.signalCode === null;
  const exited = running ? new Promise((resolve) => server.once("exit", resolve)) : Promise.resolve();
  try {
    // The whole group, even when wrangler has exited by itself: a workerd it started may still be there.
    process.kill(-(server.pid as number), "SIGKILL");
  } catch {
    return; // nothing of it is left
  }
  await exited;
}

const SAVES = 8;
const IMPORTED = 8;
const page = (name: string) => `http://127.0.0.1:${FIXTURE_PORT}/slow?ms=1500&n=${name}`;

test("articles and an import caught by a crash are all processed after the restart", async () => {
  // Generous: a busy 2-core machine starts the server twice and processes 16 articles; only a hang reaches it.
  test.setTimeout(360_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const persistTo = `.wrangler/crash-state-${port}`;
  const logPath = join(ROOT, "test-results", `crash-server-${port}.log`);
  rmSync(join(ROOT, persistTo), { recursive: true, force: true });
  // A copy of the database global setup migrated once (as every worker's server starts), not a wrangler run of its own.
  cpSync(join(ROOT, STATE_TEMPLATE), join(ROOT, persistTo), { recursive: true });

  let server = await startHealthyServer(port, persistTo, logPath);
  try {
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const response = await resendingFetch(`${base}${path}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body instanceof FormData ? {} : { "Content-Type": "application/json" }),
        },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      // The API's JSON, read as the other tests read it (any).
      return { status: response.status, body: (await response.json()) as any };
    };
    const registered = await call("POST", "/api/auth/register", undefined, {
      email: uniqueEmail("crash"),
      password: PASSWORD,
    });
    const token = registered.body.access_token as string;

    const saved = await call("POST", "/api/articles/bulk", token, {
      urls: Array.from({ length: SAVES }, (_, i) => page(`saved-${i}`)),
    });
    expect(saved.body.successful).toBe(SAVES);
    const form = new FormData();
    const list = Array.from({ length: IMPORTED }, (_, i) => page(`imported-${i}`)).join("\n");
    form.set("file", new Blob([list], { type: "text/plain" }), "links.txt");
    const started = await call("POST", "/api/imports", token, form);
    expect(started.status).toBe(202);
    const importId = started.body.id as number;

    const statuses = async () => {
      const listed = await call("GET", "/api/articles/?per_page=100", token);
      return listed.body.articles as { url: string; processing_status: string; processing_error: string | null }[];
    };
    // Crash mid-work: once the import's rows are stored and processing has begun, before everything is done.
    await expect
      .poll(async () => {
        const all = await statuses();
        return all.length === SAVES + IMPORTED && all.some((a) => a.processing_status !== "pending");
      })
      .toBe(true);
    await crash(server);
    server = await startHealthyServer(port, persistTo, logPath);
    const before = await statuses();
    const unfinished = before.filter((a) => !["completed", "failed"].includes(a.processing_status));
    // The crash left work behind, or this test proves nothing.
    expect(unfinished.length).toBeGreaterThan(0);

    await expect
      .poll(
        async () => {
          const all = await statuses();
          return all
            .filter((a) => a.processing_status !== "completed" && a.processing_status !== "failed")
            .map((a) => `${a.url} ${a.processing_status}`);
        },
        { timeout: 180_000, intervals: [1_000] },
      )
      .toEqual([]);
    for (const article of await statuses()) {
      if (article.processing_status === "failed") expect(article.processing_error).toBeTruthy();
    }
    const imported = await call("GET", `/api/imports/${importId}`, token);
    expect(imported.body).toMatchObject({ status: "done", imported: IMPORTED, processed: IMPORTED, unprocessed: 0 });
  } finally {
    await crash(server).catch(() => undefined);
    rmSync(join(ROOT, persistTo), { recursive: true, force: true });
  }
});

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, expect, test } from "@playwright/test";
import { articleUrl, uniqueEmail } from "./helpers";

// The browser extension, built by `npm run build:extension` and loaded unpacked into the machine's Chromium,
// saving a page of the fixture server into this suite's app.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EXTENSION_DIR = join(ROOT, "dist", "extension", "chrome");

function buildExtension(): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "scripts", "build-extension.mjs")], {
      cwd: ROOT,
      stdio: "ignore",
    });
    child.on("error", reject);
    child.on("exit", resolve);
  });
}

/** The extension's own `chrome.tabs`, reached from one of its pages. */
interface ExtensionTabs {
  chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } };
}

test.describe("browser extension", () => {
  let context: BrowserContext;
  let userDataDir: string;
  let extensionId: string;

  test.beforeAll(async () => {
    // `vite build` empties dist/, so the extension is built here, after it.
    expect(await buildExtension()).toBe(0);
    userDataDir = mkdtempSync(join(tmpdir(), "viberead-extension-"));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      headless: true,
      args: [
        `--disable-extensions-except=${EXTENSION_DIR}`,
        `--load-extension=${EXTENSION_DIR}`,
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    extensionId = new URL(worker.url()).host;
  });

  test.afterAll(async () => {
    await context?.close();
    rmSync(userDataDir, { recursive: true, force: true });
  });

  test("saves the current page with the toolbar popup, then reports it already saved", async ({ baseURL, request }) => {
    const email = uniqueEmail("extension");
    // A session token until personal API tokens exist: the API takes either as a bearer.
    const registered = await request.post("/api/auth/register", {
      data: { email, password: "a-long-enough-password" },
    });
    expect(registered.status()).toBe(201);
    const token = (await registered.json()).access_token as string;

    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(options.getByLabel("Server URL")).toHaveValue("http://localhost:8787");
    await options.getByLabel("Server URL").fill(String(baseURL));
    await options.getByLabel("API token").fill(token);
    await expect(options.getByRole("link", { name: "Get a token" })).toHaveAttribute("href", `${baseURL}/#/settings`);
    await options.getByRole("button", { name: "Test connection" }).click();
    await expect(options.getByRole("status")).toHaveText(`Connected as ${email}`);

    const url = articleUrl(`Saved from the extension ${Date.now()}`);
    const article = await context.newPage();
    await article.goto(url);
    const tabId = await options.evaluate(async (pageUrl) => {
      const tabs = await (globalThis as unknown as ExtensionTabs).chrome.tabs.query({});
      return tabs.find((tab) => tab.url === pageUrl)?.id;
    }, url);
    expect(tabId).toBeGreaterThan(0);

    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
    await expect(popup.getByRole("status")).toHaveText("Saved");
    const open = popup.getByRole("link", { name: "Open in VibeRead" });
    await expect(open).toHaveAttribute("href", new RegExp(`^${baseURL}/#/article/\\d+$`));
    const id = Number((await open.getAttribute("href"))?.split("/").pop());

    const saved = await request.get(`/api/articles/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(saved.status()).toBe(200);
    expect((await saved.json()).url).toBe(url);

    await popup.reload();
    await expect(popup.getByRole("status")).toHaveText("Already saved");
    await expect(open).toHaveAttribute("href", `${baseURL}/#/article/${id}`);
  });
});

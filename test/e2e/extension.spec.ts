import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium } from "@playwright/test";
import { CHROMIUM_FLAGS } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { articleUrl, resendIfLost, uniqueEmail } from "./helpers";

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

/**
 * The id Chromium gives an unpacked extension: the first 16 bytes of the SHA-256 of its folder's absolute path, in
 * hex with the digits 0-f written a-p (components/crx_file/id_util.cc, GenerateIdForPath). Known before the browser
 * starts, so the test does not wait for the extension's service worker to find it: under load that worker was once
 * not seen in 90 s, and Chromium starts it anyway when a page of the extension needs it.
 */
function unpackedExtensionId(folder: string): string {
  const hex = createHash("sha256").update(folder).digest("hex").slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join("");
}

/** The extension's own `chrome.tabs`, reached from one of its pages. */
interface ExtensionTabs {
  chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } };
}

test.describe("browser extension", () => {
  // Both tests in one worker, in order: with the suite's fully parallel mode, each worker ran this beforeAll, and one
  // worker's rebuild of dist/extension deleted the folder the other's browser was loading (seen: ENOENT, and once an
  // extension whose service worker never started).
  test.describe.configure({ mode: "default" });
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
      args: [`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`, ...CHROMIUM_FLAGS],
    });
    extensionId = unpackedExtensionId(realpathSync(EXTENSION_DIR));
  });

  test.afterAll(async () => {
    await context?.close();
    rmSync(userDataDir, { recursive: true, force: true });
  });

  test("saves the current page with the toolbar popup, then reports it already saved", async ({ baseURL, request }) => {
    const email = uniqueEmail("extension");
    const registered = await resendIfLost(() =>
      request.post("/api/auth/register", {
        data: { email, password: "a-long-enough-password" },
      }),
    );
    expect(registered.status()).toBe(201);
    const session = (await registered.json()).access_token as string;
    // The intended flow: a personal API token made with the web session (as the settings screen does).
    const created = await resendIfLost(() =>
      request.post("/api/tokens", {
        data: { name: "Extension e2e" },
        headers: { Authorization: `Bearer ${session}` },
      }),
    );
    expect(created.status()).toBe(201);
    const token = (await created.json()).token as string;
    expect(token).toMatch(/^vr_/);

    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(options.getByLabel("Server URL")).toHaveValue("http://localhost:8787");
    await options.getByLabel("Server URL").fill(String(baseURL));
    await options.getByLabel("API token").fill(token);
    await expect(options.getByRole("link", { name: "Get a token" })).toHaveAttribute("href", `${baseURL}/#/settings`);
    await options.getByRole("button", { name: "Test connection" }).click();
    await expect(options.getByRole("status")).toHaveText(`Connected as ${email}`);

    const title = `Saved from the extension ${Date.now()}`;
    const url = articleUrl(title);
    const article = await context.newPage();
    await article.goto(url);
    // A paragraph only this tab has: the site never served it, so it reaches the article only in the HTML the
    // extension sends (a fetch of the URL would not have it).
    const onlyInTab = `Only in this tab: the reader's own copy ${Date.now()}.`;
    await article.evaluate((text) => {
      const paragraph = document.createElement("p");
      paragraph.textContent = text;
      document.querySelector("article")?.appendChild(paragraph);
    }, onlyInTab);
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

    // Processed from the supplied HTML: the fixture page's title, and the paragraph only the tab had.
    let saved: Record<string, unknown> = {};
    await expect
      .poll(
        async () => {
          const response = await request.get(`/api/articles/${id}`, { headers: { Authorization: `Bearer ${token}` } });
          expect(response.status()).toBe(200);
          saved = await response.json();
          return saved.processing_status;
        },
        { timeout: 60_000 },
      )
      .toMatch(/^(completed|failed)$/);
    expect(saved).toMatchObject({ url, processing_status: "completed", title });
    expect(saved.content).toContain(onlyInTab);

    await popup.reload();
    await expect(popup.getByRole("status")).toHaveText("Already saved");
    await expect(open).toHaveAttribute("href", `${baseURL}/#/article/${id}`);
  });

  test("has its icons, and says 'Enter a token' for an empty token", async ({ baseURL }) => {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    const manifest = (await options.evaluate(async () => (await fetch("/manifest.json")).json())) as {
      icons: Record<string, string>;
      action: { default_icon?: Record<string, string> };
    };
    expect(Object.keys(manifest.icons)).toEqual(["16", "32", "48", "128"]);
    expect(manifest.action.default_icon).toBeTruthy();
    for (const [size, path] of Object.entries(manifest.icons)) {
      const image = await options.evaluate(async (src) => {
        const bitmap = await createImageBitmap(await (await fetch(src)).blob());
        return { width: bitmap.width, height: bitmap.height };
      }, `/${path}`);
      expect(image).toEqual({ width: Number(size), height: Number(size) });
    }

    await options.getByLabel("Server URL").fill(String(baseURL));
    await options.getByLabel("API token").fill("   ");
    await options.getByRole("button", { name: "Test connection" }).click();
    await expect(options.getByRole("status")).toHaveText("Enter a token");
    await expect(options.getByLabel("API token")).toBeFocused();
    await options.close();
  });
});

import puppeteer from "@cloudflare/puppeteer";
import { type PageRenderer, RendererUnavailable } from "../ports/page-renderer";

/**
 * How long a loaded page may keep the network busy before its DOM is taken as it is. `networkidle0` as a
 * navigation condition never fires on a page that long-polls, and used to throw the loaded DOM away.
 */
export const NETWORK_IDLE_WAIT_MS = 10_000;

const isTimeout = (error: unknown) => error instanceof Error && error.name === "TimeoutError";

/**
 * Browser Rendering. The same adapter serves every environment: locally wrangler backs the BROWSER binding
 * with a real Chromium, in deployments it is Cloudflare's browser fleet.
 */
export function createBrowserRenderingRenderer(binding: BrowserRun): PageRenderer {
  // @cloudflare/puppeteer's declared binding type predates BrowserRun; the runtime object is the same.
  const endpoint = binding as unknown as Parameters<typeof puppeteer.launch>[0];
  return {
    name: "browser-rendering",
    async render(url, { timeoutMs }) {
      let browser: Awaited<ReturnType<typeof puppeteer.launch>>;
      try {
        browser = await puppeteer.launch(endpoint);
      } catch (error) {
        // A refused launch (429 for the new-browser rate, the concurrency cap, a busy fleet) says nothing
        // about the page: the Workflow's render step retries it with backoff.
        throw new RendererUnavailable(`No browser could be started: ${(error as Error).message}`, { cause: error });
      }
      try {
        const page = await browser.newPage();
        await page.goto(url, { waitUntil: "domcontentloaded", timeout: timeoutMs });
        try {
          await page.waitForNetworkIdle({ idleTime: 500, timeout: Math.min(NETWORK_IDLE_WAIT_MS, timeoutMs) });
        } catch (error) {
          if (!isTimeout(error)) throw error;
        }
        return { html: await page.content(), finalUrl: page.url() };
      } finally {
        await browser.close();
      }
    },
  };
}

import puppeteer from "@cloudflare/puppeteer";
import type { PageRenderer } from "../ports/page-renderer";

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
      const browser = await puppeteer.launch(endpoint);
      try {
        const page = await browser.newPage();
        await page.goto(url, { waitUntil: "networkidle0", timeout: timeoutMs });
        return { html: await page.content(), finalUrl: page.url() };
      } finally {
        await browser.close();
      }
    },
  };
}

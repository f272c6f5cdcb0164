import { env, introspectWorkflow } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createBrowserRenderingRenderer } from "../../src/worker/adapters/browser-rendering-renderer";
import { createServices } from "../../src/worker/context";
import { RendererUnavailable } from "../../src/worker/ports/page-renderer";
import { api, registerUser } from "./helpers";
import { OUTCOME_WAIT_MS, SLOW_TEST_MS } from "./waits";

const origin = () => inject("fixtureOrigin");

/**
 * A BROWSER binding that refuses every new browser the way Browser Rendering does past its launch rate
 * (@cloudflare/puppeteer asks the binding for a session and throws on anything but 200).
 */
const refusingBrowser = {
  fetch: async () => new Response("Rate limit exceeded: 1 new browser per second", { status: 429 }),
} as unknown as BrowserRun;

async function saveAndWait(url: string) {
  const user = await registerUser();
  const saved = await api("POST", "/api/articles/", { token: user.token, body: { url } });
  expect(saved.status).toBe(201);
  let article: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        article = (await api("GET", `/api/articles/${saved.body.id}`, { token: user.token })).body;
        return article.processing_status;
      },
      { timeout: OUTCOME_WAIT_MS, interval: 250 },
    )
    .toMatch(/^(completed|failed)$/);
  return article;
}

describe("Browser Rendering limits", () => {
  it("reports a refused browser launch as RendererUnavailable", async () => {
    const renderer = createBrowserRenderingRenderer(refusingBrowser);
    await expect(renderer.render(`${origin()}/script-rendered`, { timeoutMs: 5_000 })).rejects.toBeInstanceOf(
      RendererUnavailable,
    );
  });

  it("lets a refused launch fail the render step (so it is retried) instead of returning a failed page", async () => {
    const { pipeline } = createServices({ ...env, BROWSER: refusingBrowser });
    await expect(pipeline.render(`${origin()}/script-rendered`)).rejects.toBeInstanceOf(RendererUnavailable);
  });

  it(
    "retries the render step with backoff until a browser is free, then completes the article",
    async () => {
      await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
      await workflows.modifyAll(async (m) => {
        await m.disableRetryDelays();
        // Three refused launches in a row, as a burst of saves past 1 new browser a second would see.
        await m.mockStepError(
          { name: "render in browser" },
          new RendererUnavailable("No browser could be started: Unable to create new browser: code: 429"),
          3,
        );
      });
      const article = await saveAndWait(`${origin()}/script-rendered`);
      expect(article).toMatchObject({ processing_status: "completed", title: "Rendered by script" });
      expect(Number(article.word_count)).toBeGreaterThan(50);
    },
    SLOW_TEST_MS,
  );

  it(
    "keeps the DOM of a page that never goes network-idle, after a bounded wait",
    async () => {
      // Before, navigation waited for network idle, hit its 45 s cap and the article failed with no text.
      const article = await saveAndWait(`${origin()}/never-idle`);
      expect(article).toMatchObject({ processing_status: "completed", title: "Never idle" });
      expect(String(article.content)).toContain("The second paragraph talks about gardens.");
    },
    SLOW_TEST_MS,
  );
});

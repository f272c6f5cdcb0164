import type { WorkflowStep, WorkflowStepConfig } from "cloudflare:workers";
import { getConfig } from "../config";
import { servicesForUser } from "../context";
import { requestTopicsRefresh } from "../jobs/topics-scheduler";
import type { PageOutcome } from "../services/processing/article-pipeline";
import type { ArticleProcessingParams } from "./article-processing-params";
import { jsonStep } from "./json-step";

/**
 * Retries are explicit on every step: the local Workflows runtime's defaults differ from production's.
 * D1-only steps retry quickly; the model steps wait longer between tries.
 */
const DATABASE_STEP: WorkflowStepConfig = {
  retries: { limit: 3, delay: "1 second", backoff: "exponential" },
  timeout: "30 seconds",
};
const FETCH_STEP: WorkflowStepConfig = { retries: { limit: 1, delay: "2 seconds" }, timeout: "90 seconds" };
const EXTRACT_STEP: WorkflowStepConfig = { retries: { limit: 1, delay: "1 second" }, timeout: "1 minute" };
/**
 * Browser Rendering refuses launches past 1 new browser a second (paid; 1 per 20 s on free plans) or past its
 * concurrency cap: 10, 20, 40 and 80 s between tries outlast both.
 */
const RENDER_STEP: WorkflowStepConfig = {
  retries: { limit: 4, delay: "10 seconds", backoff: "exponential" },
  timeout: "2 minutes",
};
const MODEL_STEP: WorkflowStepConfig = {
  retries: { limit: 2, delay: "10 seconds", backoff: "exponential" },
  timeout: "3 minutes",
};

/** A failed fetch that may succeed later (timeout, 5xx, 429) is tried this many times in all. */
export const FETCH_ATTEMPTS = 3;
const FETCH_BACKOFF = ["10 seconds", "30 seconds"] as const;

export const NO_TEXT_MESSAGE = "No readable article text was found on the page";
export const NO_BROWSER_MESSAGE =
  "The page is built by scripts and no browser was free to render it. Use Re-fetch Content to try again.";
export const NO_SUMMARY_NOTE = "The summary could not be written. Use Generate Summary to try again.";
const UNEXPECTED_MESSAGE = "Processing failed unexpectedly. Use Re-fetch Content to try again.";

/** The steps processing needs: a Workflow's own, or inline steps when a queue consumer processes directly. */
export type ProcessingSteps = Pick<WorkflowStep, "do" | "sleep">;

/**
 * One processing request of one article: fetch → extract (→ render in a browser and extract
 * again when the page is script-built) → detect language → summarise → embed and index → completed.
 * Each named step is idempotent (it recomputes and overwrites its own fields), so a replayed or retried
 * step repeats only its own work. A failed summary or embedding does not fail the article: its content is
 * what the user came for.
 */
export async function processArticle(
  env: Env,
  { userId, articleId }: ArticleProcessingParams,
  step: ProcessingSteps,
  /** The Workflow instance doing this run (null: run in place by the imports' consumer). */
  run: string | null = null,
): Promise<{ articleId: number; outcome: "completed" | "failed" | "deleted" }> {
  const pipeline = (await servicesForUser(env, userId)).pipeline;

  try {
    const article = await jsonStep(step, "start processing", DATABASE_STEP, () =>
      pipeline.begin(userId, articleId, run),
    );
    if (!article) return { articleId, outcome: "deleted" };

    const page = await fetchWithRetries(env, step, { userId, articleId, run }, article.url);
    if (!page.ok) {
      await step.do("mark failed", DATABASE_STEP, () => pipeline.fail(userId, articleId, page.message));
      return { articleId, outcome: "failed" };
    }

    let extraction = await jsonStep(step, "extract article", EXTRACT_STEP, () =>
      pipeline.extract(userId, articleId, page),
    );
    let noBrowser = false;
    // Supplied HTML is the page as the user's browser built it: rendering would fetch the URL after all.
    if (extraction.tooLittleText && !page.supplied) {
      let rendered: PageOutcome = { ok: false, message: NO_BROWSER_MESSAGE, retryable: true };
      try {
        rendered = await jsonStep(step, "render in browser", RENDER_STEP, () => pipeline.render(page.url));
      } catch (error) {
        // Every retry found no browser: keep what the plain fetch extracted, and say why if that is nothing.
        console.error("No browser for rendering", articleId, error);
        noBrowser = true;
      }
      if (rendered.ok) {
        const renderedExtraction = await jsonStep(step, "extract rendered article", EXTRACT_STEP, () =>
          pipeline.extract(userId, articleId, rendered),
        );
        if (renderedExtraction.hasText) extraction = renderedExtraction;
      }
    }
    if (!extraction.hasText) {
      const message = noBrowser ? NO_BROWSER_MESSAGE : NO_TEXT_MESSAGE;
      await step.do("mark failed", DATABASE_STEP, () => pipeline.fail(userId, articleId, message));
      return { articleId, outcome: "failed" };
    }

    await step.do("detect language", DATABASE_STEP, () => pipeline.detectLanguage(userId, articleId));
    let note: string | null = null;
    try {
      await summarise(env, step, userId, articleId);
    } catch (error) {
      console.error("Summary failed", articleId, error);
      note = NO_SUMMARY_NOTE;
    }
    try {
      await step.do("embed and index", MODEL_STEP, () => pipeline.embed(userId, articleId));
    } catch (error) {
      // Only related articles and semantic search miss this article; it stays readable.
      console.error("Embedding failed", articleId, error);
    }
    await step.do("mark completed", DATABASE_STEP, () => pipeline.complete(userId, articleId, note));
    let joined = false;
    try {
      // Within a minute of processing, without a re-clustering: the article joins its nearest topic (or the
      // leftover group) when the user has topics with centres (docs/ai.md, "Topics over the whole library").
      joined = await step.do("join nearest topic", DATABASE_STEP, () =>
        servicesForUser(env, userId).then((services) => services.topics.joinArticle(userId, articleId)),
      );
    } catch (error) {
      console.error("Could not join the article to a topic", userId, articleId, error);
    }
    try {
      await step.do("schedule topics refresh", DATABASE_STEP, async () => {
        // A joined article needs no run, unless the library, clustered whole, has grown by a tenth or the article
        // fell into the leftover group (isBehind).
        if (joined && !(await (await servicesForUser(env, userId)).topics.isBehind(userId))) return;
        // While an import still has articles to process, every finished article (a save's too) joins the
        // import's five-minute run: one run a minute over a 10,000-article library is CPU spent on groupings
        // stale a minute later. The import's last article finds none left and asks for the run of the minute, so
        // topics come about a minute after an import ends, as the topics screen says, not up to five.
        const imported = await (await servicesForUser(env, userId)).importsRepository.hasUnprocessedArticles(userId);
        const debounce = getConfig(env).topicsDebounceSeconds;
        await requestTopicsRefresh(env.TOPICS_WORKFLOW, userId, debounce, Date.now(), { imported });
      });
    } catch (error) {
      // The daily run will pick the article up; the article itself is done.
      console.error("Could not schedule topics refresh", userId, error);
    }
    return { articleId, outcome: "completed" };
  } catch (error) {
    console.error("Article processing failed", articleId, error);
    await step.do("mark failed after error", DATABASE_STEP, () => pipeline.fail(userId, articleId, UNEXPECTED_MESSAGE));
    return { articleId, outcome: "failed" };
  }
}

/**
 * One step per model call: a long article's parts each get notes in their own step, then one step writes
 * the summary from them. A timeout or retry repeats only the call that failed, and each step's result (a
 * part's notes, at most MAX_OUTPUT_TOKENS) stays far under the 1 MiB step limit. Rejects once a call has
 * used up its retries.
 */
async function summarise(env: Env, step: ProcessingSteps, userId: number, articleId: number) {
  const pipeline = (await servicesForUser(env, userId)).pipeline;
  const parts = await step.do("count summary parts", DATABASE_STEP, () => pipeline.summaryPartCount(userId, articleId));
  if (parts <= 1) {
    await step.do("summarise", MODEL_STEP, () => pipeline.summarize(userId, articleId));
    return;
  }
  const notes: string[] = [];
  for (let index = 0; index < parts; index++) {
    notes.push(
      await step.do(`summarise part ${index + 1} of ${parts}`, MODEL_STEP, () =>
        pipeline.summarizePart(userId, articleId, index),
      ),
    );
  }
  await step.do("summarise from parts", MODEL_STEP, () => pipeline.summarize(userId, articleId, notes));
}

/** Up to FETCH_ATTEMPTS fetches; between them the article shows `retrying` with the last error. */
async function fetchWithRetries(
  env: Env,
  step: ProcessingSteps,
  { userId, articleId, run }: { userId: number; articleId: number; run: string | null },
  url: string,
) {
  const pipeline = (await servicesForUser(env, userId)).pipeline;
  let outcome: PageOutcome = { ok: false, message: "The page could not be loaded", retryable: false };
  for (let attempt = 1; attempt <= FETCH_ATTEMPTS; attempt++) {
    outcome = await jsonStep(step, `fetch page (attempt ${attempt})`, FETCH_STEP, () =>
      pipeline.fetch(userId, articleId, url),
    );
    if (outcome.ok || !outcome.retryable || attempt === FETCH_ATTEMPTS) return outcome;
    const message = outcome.message;
    await step.do(`mark retrying (attempt ${attempt})`, DATABASE_STEP, () =>
      pipeline.markRetrying(userId, articleId, message),
    );
    await step.sleep(`wait before fetch attempt ${attempt + 1}`, FETCH_BACKOFF[attempt - 1] ?? "30 seconds");
    // Returns nothing: the article row is not needed again here (see json-step for why not an object).
    await step.do(`resume processing (attempt ${attempt + 1})`, DATABASE_STEP, async () => {
      await pipeline.begin(userId, articleId, run);
    });
  }
  return outcome;
}

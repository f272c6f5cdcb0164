import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../src/worker/db/client";
import { createArticleBodiesRepository } from "../../src/worker/db/repositories/article-bodies-repository";
import { createArticlesRepository } from "../../src/worker/db/repositories/articles-repository";
import { createSearchIndex } from "../../src/worker/db/repositories/search-index";
import { checkArticleUrl } from "../../src/worker/domain/article-url";
import {
  IMPORT_LOST_AFTER_MS,
  isLost,
  MAX_RECOVERIES,
  PENDING_LOST_AFTER_MS,
  PROCESSING_LOST_AFTER_MS,
  RECOVERY_FAILED_MESSAGE,
  RUN_ENDED_GRACE_MS,
} from "../../src/worker/domain/processing-recovery";
import worker from "../../src/worker/index";
import { createRecovery, RECOVERY_CRON } from "../../src/worker/jobs/recovery-sweep";
import { api, registerUser, seedArticle } from "./helpers";
import { OUTCOME_WAIT_MS } from "./waits";

const origin = () => inject("fixtureOrigin");
const MINUTE = 60_000;

/** The cron's sweep, as the runtime runs it every 5 minutes. */
async function sweep() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: RECOVERY_CRON, scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

interface Row {
  processing_status: string;
  processing_error: string | null;
  recoveries: number;
  processing_run: string | null;
}
const row = (id: number) =>
  env.DB.prepare("SELECT processing_status, processing_error, recoveries, processing_run FROM articles WHERE id = ?")
    .bind(id)
    .first<Row>();

/** An article left in progress by a run that died: `status`, untouched for `idleMs`. */
async function stuckArticle(
  userId: number,
  {
    status,
    idleMs,
    url,
    recoveries = 0,
    run = null,
  }: {
    status: string;
    idleMs: number;
    url?: string;
    recoveries?: number;
    run?: string | null;
  },
) {
  const id = await seedArticle(userId, {
    url: url ?? `${origin()}/article?title=${encodeURIComponent(`Lost ${crypto.randomUUID()}`)}`,
    title: null,
    processingStatus: status,
    createdAt: Date.now() - idleMs,
  });
  const link = checkArticleUrl(url ?? "");
  // Keyed as a save keys it, so that saving the link again finds it.
  await env.DB.prepare(
    "UPDATE articles SET recoveries = ?, processing_run = ?, normalized_url = coalesce(?, normalized_url) WHERE id = ?",
  )
    .bind(recoveries, run, link.ok ? link.normalizedUrl : null, id)
    .run();
  return id;
}

const statusOf = async (token: string, id: number) =>
  (await api("GET", `/api/articles/${id}`, { token })).body.processing_status as string;

describe("staleness rules", () => {
  const clock = { now: 10 * 60 * MINUTE, lostBefore: null };
  const at = (idle: number) => clock.now - idle;
  it("a pending article is lost after its limit, a processing one by its run", () => {
    const pending = { status: "pending" as const, recoveries: 0, run: null };
    expect(isLost({ ...pending, updatedAt: at(PENDING_LOST_AFTER_MS - MINUTE) }, "none", clock)).toBe(false);
    expect(isLost({ ...pending, updatedAt: at(PENDING_LOST_AFTER_MS + MINUTE) }, "none", clock)).toBe(true);
    const processing = { status: "processing" as const, recoveries: 0, run: "article-1-x" };
    // A live run is never lost, however long its article has not moved.
    expect(isLost({ ...processing, updatedAt: at(5 * 60 * MINUTE) }, "live", clock)).toBe(false);
    expect(isLost({ ...processing, updatedAt: at(RUN_ENDED_GRACE_MS - 1_000) }, "ended", clock)).toBe(false);
    expect(isLost({ ...processing, updatedAt: at(RUN_ENDED_GRACE_MS + 1_000) }, "ended", clock)).toBe(true);
    expect(isLost({ ...processing, run: null, updatedAt: at(PROCESSING_LOST_AFTER_MS - MINUTE) }, "none", clock)).toBe(
      false,
    );
    // After a restart that loses queue messages, work untouched since before it is lost at once; not a live run.
    const restarted = { now: clock.now, lostBefore: at(1_000) };
    expect(isLost({ ...pending, updatedAt: at(5_000) }, "none", restarted)).toBe(true);
    expect(isLost({ ...pending, updatedAt: at(500) }, "none", restarted)).toBe(false);
    // The local runtime leaves some of the instances it ran "running" for ever after a restart.
    expect(isLost({ ...processing, updatedAt: at(5_000) }, "live", restarted)).toBe(true);
  });
});

describe("recovery sweep (cron, real queue and Workflows)", () => {
  it("queues lost articles again once; they are processed, and a second sweep changes nothing", async () => {
    const { user, token } = await registerUser();
    const pending = await stuckArticle(user.id, { status: "pending", idleMs: PENDING_LOST_AFTER_MS + MINUTE });
    const processing = await stuckArticle(user.id, {
      status: "processing",
      idleMs: PROCESSING_LOST_AFTER_MS + MINUTE,
    });
    // Saved a moment ago: its message is on its way.
    const fresh = await stuckArticle(user.id, { status: "pending", idleMs: 0, url: `${origin()}/hang?fresh` });

    await sweep();
    expect(await row(pending)).toMatchObject({ recoveries: 1 });
    expect(await row(processing)).toMatchObject({ recoveries: 1 });
    await sweep();
    for (const id of [pending, processing]) {
      await expect.poll(() => statusOf(token, id), { timeout: OUTCOME_WAIT_MS, interval: 200 }).toBe("completed");
      expect(await row(id)).toMatchObject({ recoveries: 1, processing_error: null });
    }
    expect(await row(fresh)).toMatchObject({ processing_status: "pending", recoveries: 0 });
  });

  it("leaves an article whose Workflow is still running; queues one whose Workflow is gone", async () => {
    const { user, token } = await registerUser();
    // A run that takes a while (the page never answers: fetch attempts 2 s apart, then a 10 s backoff).
    const slow = await stuckArticle(user.id, { status: "pending", idleMs: 0, url: `${origin()}/hang?slow` });
    const running = await env.ARTICLE_WORKFLOW.create({
      id: `article-${slow}-${crypto.randomUUID()}`,
      params: { userId: user.id, articleId: slow, reason: "created" },
    });
    try {
      await expect
        .poll(async () => (await running.status()).status, { timeout: OUTCOME_WAIT_MS })
        .toMatch(/running|waiting/);
      const live = await stuckArticle(user.id, { status: "processing", idleMs: 60 * MINUTE, run: running.id });
      const gone = await stuckArticle(user.id, {
        status: "processing",
        idleMs: RUN_ENDED_GRACE_MS + MINUTE,
        run: `article-0-${crypto.randomUUID()}`,
      });
      // As deployed (Workflows are durable: no restart loses a run), so the runs are asked.
      await createRecovery(env, createDatabase(env.DB)).sweep({ now: Date.now(), lostBefore: null });
      expect(await row(live)).toMatchObject({
        processing_status: "processing",
        recoveries: 0,
        processing_run: running.id,
      });
      expect(await row(gone)).toMatchObject({ recoveries: 1 });
      await expect.poll(() => statusOf(token, gone), { timeout: OUTCOME_WAIT_MS, interval: 200 }).toBe("completed");
    } finally {
      await running.terminate().catch(() => undefined);
    }
  });

  it("fails an article queued again too often, with a reason the user can act on", async () => {
    const { user, token } = await registerUser();
    const id = await stuckArticle(user.id, {
      status: "processing",
      idleMs: PROCESSING_LOST_AFTER_MS + MINUTE,
      recoveries: MAX_RECOVERIES,
    });
    // The run had stored the body before it died: a run writes the article's full-text entry only when it ends.
    const db = createDatabase(env.DB);
    const bodies = createArticleBodiesRepository(env.ARTICLE_BODIES);
    const articles = createArticlesRepository(db, bodies, createSearchIndex(db, bodies));
    const word = `quokkaline${crypto.randomUUID().slice(0, 8)}`;
    await articles.updateProcessing(user.id, id, {
      content: `<p>A body with the word ${word} in it.</p>`,
      searchText: `A body with the word ${word} in it.`,
    });
    await env.DB.prepare("UPDATE articles SET updated_at = ? WHERE id = ?")
      .bind(Date.now() - PROCESSING_LOST_AFTER_MS - MINUTE, id)
      .run();
    const found = async () =>
      ((await api("GET", `/api/articles/?search=${word}`, { token })).body.articles as { id: number }[]).map(
        (a) => a.id,
      );
    // Read from the index itself: a request could start this isolate's own sweep first.
    const indexed = await env.DB.prepare("SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?").bind(word).all();
    expect(indexed.results).toEqual([]);
    await sweep();
    const article = (await api("GET", `/api/articles/${id}`, { token })).body;
    expect(article).toMatchObject({ processing_status: "failed", processing_error: RECOVERY_FAILED_MESSAGE });
    // Given up on, its entry is written with the body it kept: the body's words find it.
    expect(await found()).toEqual([id]);
  });

  it("records the Workflow running an article while it runs, so the sweep can ask it, and forgets it when done", async () => {
    const { token } = await registerUser();
    // A page that answers after 1.5 s: the article is in processing long enough to be read there.
    const saved = await api("POST", "/api/articles/", { token, body: { url: `${origin()}/slow?ms=1500` } });
    await expect
      .poll(async () => (await row(saved.body.id))?.processing_run ?? null, { timeout: OUTCOME_WAIT_MS, interval: 50 })
      .toMatch(new RegExp(`^article-${saved.body.id}-`));
    await expect
      .poll(() => statusOf(token, saved.body.id), { timeout: OUTCOME_WAIT_MS, interval: 200 })
      .toBe("completed");
    expect((await row(saved.body.id))?.processing_run).toBeNull();
  });

  it("gives an article waiting its turn in the fair backlog one more turn, never counting it as a recovery", async () => {
    const { user, token } = await registerUser();
    // Saved in a bulk long ago; its turn message was lost (dead-letter queue, or a stopped runtime): the row is
    // still in the backlog, claimed by nobody.
    const waiting = await stuckArticle(user.id, { status: "pending", idleMs: PENDING_LOST_AFTER_MS + MINUTE });
    await env.DB.prepare(
      "INSERT INTO ingest_backlog (article_id, user_id, request_id, reason, lane, queued_at) VALUES (?, ?, ?, 'created', 'bulk', ?)",
    )
      .bind(waiting, user.id, crypto.randomUUID(), Date.now() - PENDING_LOST_AFTER_MS - MINUTE)
      .run();
    // However often it is found waiting, it is never failed as "interrupted several times".
    for (let i = 0; i <= MAX_RECOVERIES; i++) {
      await env.DB.prepare("UPDATE articles SET updated_at = ? WHERE id = ?")
        .bind(Date.now() - PENDING_LOST_AFTER_MS - MINUTE, waiting)
        .run();
      await sweep();
      expect(await row(waiting)).toMatchObject({ recoveries: 0 });
      expect((await row(waiting))?.processing_error).not.toBe(RECOVERY_FAILED_MESSAGE);
    }
    // The turn the sweep sent takes it: processed like any other.
    await expect.poll(() => statusOf(token, waiting), { timeout: OUTCOME_WAIT_MS, interval: 250 }).toBe("completed");
  });
});

describe("an article whose Workflow a turn created before it died", () => {
  /**
   * The stopped runtime's turn message had claimed the article and created its Workflow (named by the backlog's
   * request id), then died before taking the article out of the backlog; the restarted runtime left that instance
   * stuck (terminated here). The CI crash test met this once in many runs: the article stayed pending for good,
   * since every new turn named the same instance, which "already exists".
   */
  async function claimedWhenItStopped(userId: number, status: "pending" | "processing", idleMs = 5_000) {
    const requestId = crypto.randomUUID();
    const id = await stuckArticle(userId, { status, idleMs });
    const run = `article-${id}-${requestId}`;
    // Its params name no article, so the instance touches nothing; it is there, and ended.
    const instance = await env.ARTICLE_WORKFLOW.create({
      id: run,
      params: { userId, articleId: 0, reason: "created" },
    });
    await instance.terminate().catch(() => undefined);
    if (status === "processing") {
      await env.DB.prepare("UPDATE articles SET processing_run = ? WHERE id = ?").bind(run, id).run();
    }
    await env.DB.prepare(
      `INSERT INTO ingest_backlog (article_id, user_id, request_id, reason, lane, queued_at, claimed_by, claimed_at)
       VALUES (?, ?, ?, 'created', 'bulk', ?, ?, ?)`,
    )
      .bind(id, userId, requestId, Date.now() - idleMs, crypto.randomUUID(), Date.now() - idleMs + 1_000)
      .run();
    return id;
  }

  it("processes an article whose Workflow the stopped runtime had created, pending or processing", async () => {
    const { user, token } = await registerUser();
    const pending = await claimedWhenItStopped(user.id, "pending");
    const processing = await claimedWhenItStopped(user.id, "processing");
    // A restart's sweep takes every article in progress: earlier tests' pages that never answer would hold the
    // queue's consumer for minutes. They are settled first.
    await env.DB.prepare(
      "UPDATE articles SET processing_status = 'failed' WHERE user_id != ? AND processing_status IN ('pending', 'processing', 'retrying')",
    )
      .bind(user.id)
      .run();
    await createRecovery(env, createDatabase(env.DB)).sweep({ now: Date.now(), lostBefore: Date.now() - 1_000 });
    for (const id of [pending, processing]) {
      await expect.poll(() => statusOf(token, id), { timeout: OUTCOME_WAIT_MS, interval: 250 }).toBe("completed");
    }
    // Waiting its turn is not a recovery; a run lost mid-way is.
    expect(await row(pending)).toMatchObject({ recoveries: 0 });
    expect(await row(processing)).toMatchObject({ recoveries: 1 });
  });

  it("Re-fetch Content processes such an article once it is stuck", async () => {
    const { user, token } = await registerUser();
    const id = await claimedWhenItStopped(user.id, "pending", PENDING_LOST_AFTER_MS + MINUTE);
    const refetched = await api("POST", `/api/articles/${id}/refetch-content`, { token });
    expect(refetched.status).toBe(200);
    await expect.poll(() => statusOf(token, id), { timeout: OUTCOME_WAIT_MS, interval: 250 }).toBe("completed");
  });
});

describe("saving a stuck link again", () => {
  it("queues it again and still answers duplicate, alone or in a bulk save", async () => {
    const { user, token } = await registerUser();
    const single = `${origin()}/article?title=Single%20stuck`;
    const bulk = `${origin()}/article?title=Bulk%20stuck`;
    const singleId = await stuckArticle(user.id, {
      status: "pending",
      idleMs: PENDING_LOST_AFTER_MS + MINUTE,
      url: single,
    });
    const bulkId = await stuckArticle(user.id, {
      status: "processing",
      idleMs: PROCESSING_LOST_AFTER_MS + MINUTE,
      url: bulk,
    });

    const again = await api("POST", "/api/articles/", { token, body: { url: single } });
    expect(again.status).toBe(409);
    const many = await api("POST", "/api/articles/bulk", { token, body: { urls: [bulk] } });
    expect(many.body.results[0]).toMatchObject({ duplicate: true, success: false });
    for (const id of [singleId, bulkId]) {
      expect(await row(id)).toMatchObject({ recoveries: 1 });
      await expect.poll(() => statusOf(token, id), { timeout: OUTCOME_WAIT_MS, interval: 200 }).toBe("completed");
    }
  });
});

/** An import as a crash leaves it: `stored` of `total` rows stored (as `articles`, all pending), last touched long ago. */
async function interruptedImport(
  userId: number,
  { total, articles, counted = articles.length }: { total: number; articles: number[]; counted?: number },
) {
  const longAgo = Date.now() - IMPORT_LOST_AFTER_MS - MINUTE;
  const stored = articles.length === total;
  const created = await env.DB.prepare(
    `INSERT INTO imports (user_id, format, file_name, status, total, imported, errors, created_at, started_at, finished_at)
     VALUES (?, 'url-list', 'links.txt', ?, ?, ?, '[]', ?, ?, ?) RETURNING id`,
  )
    .bind(userId, stored ? "done" : "running", total, counted, longAgo, longAgo, stored ? longAgo : null)
    .first<{ id: number }>();
  const importId = created?.id as number;
  for (const articleId of articles) {
    await env.DB.prepare("INSERT INTO import_articles (import_id, article_id, user_id) VALUES (?, ?, ?)")
      .bind(importId, articleId, userId)
      .run();
  }
  return importId;
}

describe("an import interrupted by a crash", () => {
  it("reads processing, not done, while its articles are unprocessed; resumes them; then reads done", async () => {
    const { user, token } = await registerUser();
    const idle = IMPORT_LOST_AFTER_MS + MINUTE;
    const articles = [
      await stuckArticle(user.id, { status: "completed", idleMs: idle }),
      await stuckArticle(user.id, { status: "processing", idleMs: idle }),
      await stuckArticle(user.id, { status: "pending", idleMs: idle }),
    ];
    const importId = await interruptedImport(user.id, { total: 3, articles });
    const before = (await api("GET", `/api/imports/${importId}`, { token })).body;
    expect(before).toMatchObject({ status: "processing", imported: 3, processed: 1, unprocessed: 2 });

    await sweep();
    await expect
      .poll(async () => (await api("GET", `/api/imports/${importId}`, { token })).body, {
        timeout: OUTCOME_WAIT_MS,
        interval: 250,
      })
      .toMatchObject({ status: "done", processed: 3, unprocessed: 0 });
    expect(await row(articles[1] as number)).toMatchObject({ processing_status: "completed", recoveries: 1 });
  });

  it("counts rows lost with the queue as failed, says so, and is done", async () => {
    const { user, token } = await registerUser();
    const idleMs = IMPORT_LOST_AFTER_MS + MINUTE;
    const done = [
      await stuckArticle(user.id, { status: "completed", idleMs }),
      await stuckArticle(user.id, { status: "completed", idleMs }),
    ];
    // The second article's chunk was stored but the crash came before its rows were counted.
    const importId = await interruptedImport(user.id, { total: 5, articles: done, counted: 1 });
    expect((await api("GET", `/api/imports/${importId}`, { token })).body.status).toBe("running");

    await sweep();
    const after = (await api("GET", `/api/imports/${importId}`, { token })).body;
    expect(after).toMatchObject({ status: "done", imported: 2, failed: 3, processed: 2 });
    expect(after.error).toContain("3 rows were not read");
    await sweep();
    expect((await api("GET", `/api/imports/${importId}`, { token })).body).toMatchObject({ imported: 2, failed: 3 });
  });
});

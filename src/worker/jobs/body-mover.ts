import { getConfig } from "../config";
import { createDatabase } from "../db/client";
import { meteredD1 } from "../db/d1-meter";
import {
  type ArticleBodiesRepository,
  createArticleBodiesRepository,
} from "../db/repositories/article-bodies-repository";
import { type BodyMovesRepository, createBodyMovesRepository } from "../db/repositories/body-moves-repository";
import { allShards } from "../db/shards";
import { indexedBodyText } from "../domain/search/indexed-text";

/** Rows read, written to R2 and pointed at their bodies per round: one D1 batch of updates each. */
export const MOVE_BATCH = 50;
/** How long one run moves before it stops (the next cron run goes on): well inside a cron's CPU and wall limits. */
export const MOVE_BUDGET_MS = 60_000;
/** A pause between rounds, so that requests to the same isolate and database get their turn while a run goes on. */
export const MOVE_PAUSE_MS = 25;

export interface MoveReport {
  moved: number;
  /** Bodies written to R2 whose row had meanwhile got a body of its own: deleted again. */
  skipped: number;
  remaining: number;
  ms: number;
}

/**
 * Moves the bodies of articles saved before bodies lived in R2 out of D1, while the app serves. Resumable and
 * idempotent by construction: a round reads the next rows still unmoved (their own index), writes each body to R2
 * under a new key, then points the row at it only if the row is still unmoved, and deletes the object of a row
 * that was not. A run cut anywhere leaves at worst an object no row names (deleted with its article or account);
 * the next run starts again from what is left. A moved row's full-text entry is written again with the body's
 * text as the index is now given it (fewer repeats, domain/search/indexed-text), in the same batch.
 */
export async function moveBodies(
  moves: BodyMovesRepository,
  bodies: ArticleBodiesRepository,
  { batch = MOVE_BATCH, budgetMs = MOVE_BUDGET_MS, pauseMs = MOVE_PAUSE_MS, now = Date.now } = {},
): Promise<MoveReport> {
  const started = now();
  let moved = 0;
  let skipped = 0;
  while (now() - started < budgetMs) {
    const rows = await moves.next(batch);
    if (rows.length === 0) break;
    const written = await Promise.all(
      rows.map(async (row) => {
        const bodyKey = bodies.newBodyKey(row.userId, row.id);
        await bodies.writeBody(row.userId, bodyKey, { content: row.content, searchText: row.searchText ?? "" });
        const indexedText = row.searchText === null ? null : indexedBodyText(row.searchText);
        return { id: row.id, userId: row.userId, bodyKey, indexedText };
      }),
    );
    const done = await moves.markMoved(written);
    for (const move of written.filter((m) => !done.has(m.id))) await bodies.deleteBody(move.userId, move.bodyKey);
    moved += done.size;
    skipped += written.length - done.size;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return { moved, skipped, remaining: await moves.remaining(), ms: now() - started };
}

/** The cron's run on the Worker's bindings; never throws (the next run tries again), logs its progress. */
export async function runBodyMover(env: Env): Promise<MoveReport | null> {
  let total: MoveReport | null = null;
  // Shard after shard, each with its own budget (a shard with nothing left costs one query).
  for (const shard of allShards(env)) {
    try {
      const db = createDatabase(getConfig(env).d1Meter ? meteredD1(shard.d1) : shard.d1);
      const report = await moveBodies(createBodyMovesRepository(db), createArticleBodiesRepository(env.ARTICLE_BODIES));
      if (report.moved + report.skipped > 0 || report.remaining > 0) {
        console.log("Body mover", shard.name, JSON.stringify(report));
      }
      total = total
        ? {
            moved: total.moved + report.moved,
            skipped: total.skipped + report.skipped,
            remaining: total.remaining + report.remaining,
            ms: total.ms + report.ms,
          }
        : report;
    } catch (error) {
      console.error("Body mover failed", shard.name, error);
    }
  }
  return total;
}

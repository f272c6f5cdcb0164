import { createDatabase } from "../db/client";
import { createArticleBodiesRepository } from "../db/repositories/article-bodies-repository";
import { createSearchIndex } from "../db/repositories/search-index";
import {
  allShards,
  CENTRAL_TABLES,
  centralD1,
  directoryRow,
  idsSeparated,
  readyShardForUser,
  type Shard,
  shardIdFloor,
  shardNamed,
} from "../db/shards";
import { Conflict } from "../domain/errors";

/** D1 binds at most 100 parameters per statement. */
const MAX_PARAMS = 100;
/** Rows read per page from the shard a library leaves. */
const PAGE_ROWS = 500;
/** Statements per D1 batch (one round trip; D1 runs a batch as one transaction). */
const BATCH_STATEMENTS = 50;
/** Articles re-indexed per D1 batch (their bodies read from R2 at once). */
const REINDEX_BATCH = 90;
/**
 * How long the mover waits after marking the library `moving` before it copies: requests and Workflow steps that
 * found the library's shard just before the mark finish their writes there first.
 */
export const MOVE_GRACE_MS = 10_000;

/**
 * Tables kept by triggers on the rows they count (library_domains, migration 0039): the new shard's triggers fill
 * them as the articles are copied in, so they are never copied (that would count every article twice), only deleted.
 */
const COUNTED_BY_TRIGGERS = ["library_domains"];

/** The library's columns of its `users` row (topics state, library mean), copied to the new shard's row. */
const LIBRARY_USER_COLUMNS = ["topics_computed_at", "library_mean", "topics_article_count", "similarity_profile"];

export interface LibraryMoveReport {
  userId: number;
  from: string;
  to: string;
  /** Rows copied, all tables together (0: the library was on `to` already). */
  rows: number;
  articlesReindexed: number;
  /** How long the library answered 503 (its writes held). */
  holdMs: number;
}

type Row = Record<string, unknown>;

/**
 * Moves a user's library to another shard while the app serves everyone else (rebalancing: docs/capacity.md).
 * Resumable and idempotent: the directory row says where a move stands (`moving` to a shard; `moved_from` a shard
 * still holding the old rows), and running it again goes on from there; the copy first clears what an interrupted
 * run left on the new shard. While `moving` the library answers 503 with Retry-After (db/shards.ts), so nothing is
 * written to the shard it is leaving during the copy. Row ids move unchanged (articles keep their addresses, their
 * vectors and their R2 bodies, which are keyed per user); a shard hands out ids from its own floor, so a library
 * can go to any shard whose range is above its ids (a shard added later, as rebalancing does). The feeds the reader
 * follows are found or added on the new shard by address, their items by key, and the reader's subscriptions and
 * item states point at those. The full-text index of the moved articles is written again on the new shard.
 */
export async function moveLibrary(
  env: Env,
  userId: number,
  toName: string,
  { graceMs = MOVE_GRACE_MS, now = Date.now }: { graceMs?: number; now?: () => number } = {},
): Promise<LibraryMoveReport> {
  const to = shardNamed(env, toName);
  const central = centralD1(env);
  let row = await directoryRow(env, userId);
  const user = await central.prepare("select id from users where id = ?").bind(userId).first();
  if (!user) throw new Conflict(`There is no user ${userId}`);
  // An earlier run flipped the directory but did not finish deleting the old rows.
  if (row?.movedFrom) {
    await deleteLibrary(shardNamed(env, row.movedFrom), userId, row.movedFrom !== allShards(env)[0]?.name);
    await central.prepare("update user_shards set moved_from = null where user_id = ?").bind(userId).run();
    row = await directoryRow(env, userId);
  }
  const from = row ? shardNamed(env, row.shard) : (allShards(env)[0] as Shard);
  const report: LibraryMoveReport = { userId, from: from.name, to: to.name, rows: 0, articlesReindexed: 0, holdMs: 0 };
  if (row?.state === "moving" && row.movingTo !== to.name) {
    throw new Conflict(`User ${userId}'s library is being moved to ${row.movingTo}; finish that move first`);
  }
  if (row?.state !== "moving") {
    if (from.name === to.name) return report;
    await readyShardForUser(env, to, userId, now());
    if (!(await idsSeparated(to))) {
      throw new Conflict(`${to.name} does not hand out ids from its own range yet; a library cannot move onto it`);
    }
    await assertIdsFit(from, to, userId);
    await central
      .prepare(
        `insert into user_shards (user_id, shard, state, moving_to) values (?, ?, 'moving', ?)
         on conflict(user_id) do update set state = 'moving', moving_to = excluded.moving_to`,
      )
      .bind(userId, from.name, to.name)
      .run();
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  }
  const heldFrom = now();
  try {
    await readyShardForUser(env, to, userId, now());
    await deleteLibrary(to, userId, false);
    report.rows = await copyLibrary(from, to, userId);
    report.articlesReindexed = await reindexArticles(env, to, userId);
  } catch (error) {
    // A failure (not a run cut off, which the next run finishes): the library stays where it was, and is served again.
    await deleteLibrary(to, userId, to.name !== allShards(env)[0]?.name).catch(() => undefined);
    await central
      .prepare("update user_shards set state = 'active', moving_to = null where user_id = ?")
      .bind(userId)
      .run();
    throw error;
  }
  await central
    .prepare(
      `update user_shards set shard = ?, state = 'active', moving_to = null, moved_from = ?, moved_at = ?
       where user_id = ?`,
    )
    .bind(to.name, from.name, now(), userId)
    .run();
  report.holdMs = now() - heldFrom;
  await deleteLibrary(from, userId, from.name !== allShards(env)[0]?.name);
  await central.prepare("update user_shards set moved_from = null where user_id = ?").bind(userId).run();
  return report;
}

interface LibraryTable {
  name: string;
  /** Tables it references among the library's (so they are copied first). */
  parents: string[];
}

/**
 * The tables that hold a library's rows (a user_id column), parents before children: the central tables, the
 * virtual (full-text) ones and `feeds` (handled apart: shared by the shard's readers) left out.
 */
async function libraryTables(d1: D1Database): Promise<LibraryTable[]> {
  const { results } = await d1
    .prepare(
      `select m.name as name, m.sql as sql from sqlite_master m, pragma_table_info(m.name) p
       where m.type = 'table' and p.name = 'user_id' and upper(coalesce(m.sql, '')) not like 'CREATE VIRTUAL%'
         and m.name not like 'sqlite\\_%' escape '\\' and m.name not like '\\_cf\\_%' escape '\\'
       order by m.name`,
    )
    .all<{ name: string; sql: string }>();
  const names = results.map((r) => r.name).filter((name) => !CENTRAL_TABLES.includes(name) && name !== "feeds");
  // D1 refuses pragma_foreign_key_list: the references are read from the tables' own SQL.
  const links = results.flatMap(({ name, sql }) =>
    [...sql.matchAll(/REFERENCES\s+[`"]?(\w+)/gi)].map((match) => ({ child: name, parent: match[1] as string })),
  );
  const tables = names.map((name) => ({
    name,
    parents: links
      .filter((l) => l.child === name && l.parent !== name && names.includes(l.parent))
      .map((l) => l.parent),
  }));
  const ordered: LibraryTable[] = [];
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !ordered.includes(t) && t.parents.every((p) => ordered.some((o) => o.name === p)));
    if (!next) throw new Error("The library's tables reference each other in a cycle");
    ordered.push(next);
  }
  return ordered;
}

/**
 * Refuses a move that would put ids above the new shard's own range into it: that shard would then hand out ids
 * from another shard's range (SQLite continues from the highest id), and the two could meet.
 */
async function assertIdsFit(from: Shard, to: Shard, userId: number): Promise<void> {
  const ceiling = shardIdFloor(to.index + 1);
  const { results } = await from.d1
    .prepare(
      `select m.name as name from sqlite_master m, pragma_table_info(m.name) p
       where m.type = 'table' and p.name = 'user_id' and upper(m.sql) like '%AUTOINCREMENT%'`,
    )
    .all<{ name: string }>();
  for (const { name } of results.filter((r) => !CENTRAL_TABLES.includes(r.name) && r.name !== "feeds")) {
    const max = await from.d1
      .prepare(`select max(id) as max from "${name}" where user_id = ?`)
      .bind(userId)
      .first<number>("max");
    if (max !== null && max >= ceiling) {
      throw new Conflict(
        `User ${userId}'s ${name} ids reach past ${to.name}'s range; move the library to a shard listed after ${from.name}`,
      );
    }
  }
}

/** Deletes the library's rows on a shard (one transaction), and its `users` row when `dropUserRow` (not on DB). */
async function deleteLibrary(shard: Shard, userId: number, dropUserRow: boolean): Promise<void> {
  const tables = await libraryTables(shard.d1);
  await shard.d1.batch([
    shard.d1.prepare("PRAGMA defer_foreign_keys = on"),
    ...tables.reverse().map((t) => shard.d1.prepare(`delete from "${t.name}" where user_id = ?`).bind(userId)),
    shard.d1.prepare("delete from feeds where user_id = ?").bind(userId),
    ...(dropUserRow ? [shard.d1.prepare("delete from users where id = ?").bind(userId)] : []),
  ]);
}

/** Copies every row of the library from one shard to the other; returns how many. */
async function copyLibrary(from: Shard, to: Shard, userId: number): Promise<number> {
  let copied = 0;
  const userRow = await from.d1
    .prepare(`select ${LIBRARY_USER_COLUMNS.join(", ")} from users where id = ?`)
    .bind(userId)
    .first<Row>();
  if (userRow) {
    await to.d1
      .prepare(`update users set ${LIBRARY_USER_COLUMNS.map((c) => `${c} = ?`).join(", ")} where id = ?`)
      .bind(...LIBRARY_USER_COLUMNS.map((c) => userRow[c] ?? null), userId)
      .run();
  }
  const { feedIds, itemIds } = await copyFeeds(from, to, userId);
  copied += feedIds.size + itemIds.size;
  for (const table of (await libraryTables(from.d1)).filter((t) => !COUNTED_BY_TRIGGERS.includes(t.name))) {
    const map =
      table.name === "feed_subscriptions"
        ? (row: Row) => ({ ...row, feed_id: feedIds.get(row.feed_id as number) ?? row.feed_id })
        : table.name === "feed_item_states"
          ? (row: Row) => ({ ...row, item_id: itemIds.get(row.item_id as number) ?? row.item_id })
          : (row: Row) => row;
    copied += await copyRows(from.d1, to.d1, table.name, "user_id = ?", [userId], map);
  }
  return copied;
}

/**
 * The feeds the reader follows (and their newsletters' feeds), on the new shard: found there by address, or added
 * with their items; items found by key, or added. Answers where each old feed and item id is on the new shard.
 */
async function copyFeeds(from: Shard, to: Shard, userId: number) {
  const feedIds = new Map<number, number>();
  const itemIds = new Map<number, number>();
  const { results: feeds } = await from.d1
    .prepare(
      `select * from feeds where user_id = ? or id in (select feed_id from feed_subscriptions where user_id = ?)
       order by id`,
    )
    .bind(userId, userId)
    .all<Row>();
  for (const feed of feeds) {
    const { id, ...fields } = feed;
    const existing = await to.d1.prepare("select id from feeds where url = ?").bind(feed.url).first<number>("id");
    const target = existing ?? (await insertReturningId(to.d1, "feeds", fields));
    feedIds.set(id as number, target);
    for (let after = 0; ; ) {
      const { results: items } = await from.d1
        .prepare("select * from feed_items where feed_id = ? and id > ? order by id limit ?")
        .bind(id, after, PAGE_ROWS)
        .all<Row>();
      if (items.length === 0) break;
      after = items.at(-1)?.id as number;
      const statements = items.map(({ id: _id, ...item }) => {
        const columns = Object.keys(item);
        return to.d1
          .prepare(
            `insert into feed_items (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})
             on conflict(feed_id, item_key) do nothing`,
          )
          .bind(...columns.map((c) => (c === "feed_id" ? target : (item[c] ?? null))));
      });
      for (let i = 0; i < statements.length; i += BATCH_STATEMENTS)
        await to.d1.batch(statements.slice(i, i + BATCH_STATEMENTS));
      const keys = new Map(items.map((item) => [item.item_key as string, item.id as number]));
      const { results: landed } = await to.d1
        .prepare("select id, item_key from feed_items where feed_id = ?")
        .bind(target)
        .all<{ id: number; item_key: string }>();
      for (const item of landed) {
        const old = keys.get(item.item_key);
        if (old !== undefined) itemIds.set(old, item.id);
      }
    }
  }
  return { feedIds, itemIds };
}

async function insertReturningId(d1: D1Database, table: string, row: Row): Promise<number> {
  const columns = Object.keys(row);
  return (await d1
    .prepare(
      `insert into "${table}" (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")}) returning id`,
    )
    .bind(...columns.map((c) => row[c] ?? null))
    .first<number>("id")) as number;
}

/** Copies the rows `where` selects, page by page, in multi-row inserts of at most 100 parameters. */
async function copyRows(
  source: D1Database,
  target: D1Database,
  table: string,
  where: string,
  params: unknown[],
  map: (row: Row) => Row,
): Promise<number> {
  let copied = 0;
  for (let after = Number.MIN_SAFE_INTEGER; ; ) {
    const { results } = await source
      .prepare(`select rowid as "__rowid", * from "${table}" where ${where} and rowid > ? order by rowid limit ?`)
      .bind(...params, after, PAGE_ROWS)
      .all<Row>();
    if (results.length === 0) return copied;
    after = results.at(-1)?.__rowid as number;
    const rows = results.map(({ __rowid, ...row }) => map(row));
    const columns = Object.keys(rows[0] as Row);
    const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < rows.length; i += perStatement) {
      const slice = rows.slice(i, i + perStatement);
      const values = slice.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
      statements.push(
        target
          .prepare(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values ${values}`)
          .bind(...slice.flatMap((row) => columns.map((c) => row[c] ?? null))),
      );
    }
    for (let i = 0; i < statements.length; i += BATCH_STATEMENTS) {
      await target.batch(statements.slice(i, i + BATCH_STATEMENTS));
    }
    copied += rows.length;
  }
}

/**
 * Writes the moved articles' full-text entries on the new shard: the index is contentless (the text is in R2) and
 * the insert trigger indexed only the row's own columns (all of an article whose text is still in its row and that
 * has no note or highlights); search-index reads the bodies' text and the reader's words, 90 articles a batch.
 */
async function reindexArticles(env: Env, shard: Shard, userId: number): Promise<number> {
  const index = createSearchIndex(createDatabase(shard.d1), createArticleBodiesRepository(env.ARTICLE_BODIES));
  for (let after = 0; ; ) {
    const last = await index.reindexMovedAfter(userId, after, REINDEX_BATCH);
    if (last === null) break;
    after = last;
  }
  return (
    (await shard.d1.prepare("select count(*) as n from articles where user_id = ?").bind(userId).first<number>("n")) ??
    0
  );
}

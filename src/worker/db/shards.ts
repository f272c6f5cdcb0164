import { getConfig } from "../config";
import { ConfigurationError, LibraryMoving } from "../domain/errors";

/**
 * A library per shard (docs/capacity.md). Users' libraries are spread over the D1 databases named by D1_SHARDS
 * (`DB` first); `DB` is also the central database: accounts, sessions, API tokens, email addresses and the shard
 * directory (`user_shards`). This module is the only code that reads a D1 binding (test/scripts/shard-access.test.ts
 * checks it): the central database through centralD1, a library through a Services bound to its user's shard.
 */

/** One database that holds libraries: its binding's name, its place in D1_SHARDS and the binding. */
export interface Shard {
  readonly name: string;
  readonly index: number;
  readonly d1: D1Database;
}

/**
 * Shard k hands out row ids from k × 2^40 (shardIdFloor), so a row's id is unique across every shard and a library
 * moved to a shard added later keeps its ids (the articles' addresses, their vectors, their bodies' keys). 2^40 ids a
 * shard, 8,191 shards within JavaScript's safe integers.
 */
export const SHARD_ID_SPAN = 2 ** 40;

/** Tables that exist only to be global; on a shard that is not `DB` they stay empty (the mover never copies them). */
export const CENTRAL_TABLES = [
  "users",
  "revoked_tokens",
  "login_failures",
  "api_tokens",
  "email_addresses",
  "user_shards",
];

/** The central database (accounts, sessions, tokens, email addresses, the shard directory). */
export function centralD1(env: Env): D1Database {
  return env.DB;
}

/** Every shard, in D1_SHARDS order. A name without a D1 binding is a deployment error. */
export function allShards(env: Env): Shard[] {
  return getConfig(env).d1Shards.map((name, index) => {
    const d1 = (env as unknown as Record<string, unknown>)[name] as D1Database | undefined;
    if (typeof d1?.prepare !== "function") {
      throw new ConfigurationError(`Server configuration is invalid: D1_SHARDS names ${name}, which is no D1 binding`);
    }
    return { name, index, d1 };
  });
}

/** The shard of that name (a queue message or the directory names it). */
export function shardNamed(env: Env, name: string): Shard {
  const shard = allShards(env).find((candidate) => candidate.name === name);
  if (!shard) throw new ConfigurationError(`Server configuration is invalid: no shard ${name} in D1_SHARDS`);
  return shard;
}

/** The first id shard `index` hands out for its own rows (SHARD_ID_SPAN). */
export function shardIdFloor(index: number): number {
  return index * SHARD_ID_SPAN;
}

interface DirectoryRow {
  shard: string;
  state: "active" | "moving";
  /** While moving: where to. */
  movingTo: string | null;
  /** After a move, until the old rows are deleted: where from. */
  movedFrom: string | null;
}

/** The user's directory row (none: the library is on `DB`, as every library from before sharding). */
export async function directoryRow(env: Env, userId: number): Promise<DirectoryRow | null> {
  return centralD1(env)
    .prepare("select shard, state, moving_to as movingTo, moved_from as movedFrom from user_shards where user_id = ?")
    .bind(userId)
    .first<DirectoryRow>();
}

/**
 * The shard that holds the user's library. While the mover copies its last changes (`moving`) it throws
 * LibraryMoving (503 with Retry-After; a queue message or a Workflow step retries). With one shard there is no
 * directory to read.
 */
export async function shardOfUser(env: Env, userId: number): Promise<Shard> {
  const shards = allShards(env);
  if (shards.length === 1) return shards[0] as Shard;
  const row = await directoryRow(env, userId);
  if (!row) return shards[0] as Shard;
  if (row.state === "moving") throw new LibraryMoving();
  return shardNamed(env, row.shard);
}

/**
 * Where a new user's library goes: the shards take turns by user id, so consecutive sign-ups land on different
 * shards (and the N = 2 tests' two users on both). A shard added later is filled by moving users onto it.
 */
export function shardForNewUser(env: Env, userId: number): Shard {
  const shards = allShards(env);
  return shards[userId % shards.length] as Shard;
}

/** Records a new user's shard in the directory and readies the shard for them (sign-up). */
export async function assignShard(env: Env, userId: number, now = Date.now()): Promise<Shard> {
  const shard = shardForNewUser(env, userId);
  if (allShards(env).length === 1) return shard;
  await readyShardForUser(env, shard, userId, now);
  await centralD1(env)
    .prepare("insert or ignore into user_shards (user_id, shard, state, moved_at) values (?, ?, 'active', null)")
    .bind(userId, shard.name)
    .run();
  return shard;
}

/** Shards whose id floors this isolate has already set (setting them again is harmless, just a wasted batch). */
const floorsSet = new Set<string>();

/**
 * Makes a shard ready to hold the user's rows: its own row ids start at its floor (shardIdFloor), and the user has
 * a row in its `users` table (not on `DB`, where the account itself is). That row anchors the library's foreign
 * keys and holds the library's own columns (topics state, library mean); it has no email or password
 * (`<id>@shard.invalid`, an empty hash), so nothing can sign in with it.
 */
export async function readyShardForUser(env: Env, shard: Shard, userId: number, now = Date.now()): Promise<void> {
  if (shard.name === centralName(env)) return;
  await shard.d1
    .prepare("insert or ignore into users (id, email, password_hash, created_at) values (?, ?, '', ?)")
    .bind(userId, `${userId}@shard.invalid`, now)
    .run();
  if (floorsSet.has(shard.name)) return;
  // Not fatal: a sign-up must not fail for it. Without its floor a shard's ids may meet another's, and the mover
  // then refuses to move libraries onto it (idsSeparated).
  try {
    const { results } = await shard.d1
      .prepare("select name from sqlite_master where type = 'table' and upper(sql) like '%AUTOINCREMENT%'")
      .all<{ name: string }>();
    const floor = shardIdFloor(shard.index);
    await shard.d1.batch(
      results.flatMap(({ name }) => [
        shard.d1
          .prepare(
            "insert into sqlite_sequence (name, seq) select ?, ? where not exists (select 1 from sqlite_sequence where name = ?)",
          )
          .bind(name, floor, name),
        shard.d1.prepare("update sqlite_sequence set seq = ? where name = ? and seq < ?").bind(floor, name, floor),
      ]),
    );
    floorsSet.add(shard.name);
  } catch (error) {
    console.error("Could not set the shard's id floor", shard.name, error);
  }
}

/** Whether the shard hands out ids from its own floor (every AUTOINCREMENT table's sequence at or above it). */
export async function idsSeparated(shard: Shard): Promise<boolean> {
  if (shard.index === 0) return true;
  const below = await shard.d1
    .prepare(
      `select count(*) as n from sqlite_master m where m.type = 'table' and upper(m.sql) like '%AUTOINCREMENT%'
         and coalesce((select seq from sqlite_sequence s where s.name = m.name), 0) < ?`,
    )
    .bind(shardIdFloor(shard.index))
    .first<number>("n");
  return below === 0;
}

function centralName(env: Env): string {
  return (allShards(env)[0] as Shard).name;
}

/**
 * The per-user repositories' database for one Services (context.ts): a D1Database that forwards to the shard it is
 * bound to, once, when the user is known (after sign-in, from a queue message, a Workflow's params). Bound to one
 * user, it refuses another: a Services serves one library. Unbound, any query throws, so nothing reads a library
 * before its user is known.
 */
export function lateBoundLibrary(wrap: (d1: D1Database) => D1Database = (d1) => d1) {
  let bound: { shard: Shard; userId: number | null; d1: D1Database } | null = null;
  const current = (): D1Database => {
    if (!bound) throw new Error("A library was queried before its user (and so its shard) was known");
    return bound.d1;
  };
  const d1 = {
    prepare: (query: string) => current().prepare(query),
    batch: (statements: D1PreparedStatement[]) => current().batch(statements),
    exec: (query: string) => current().exec(query),
    dump: () => current().dump(),
    withSession: (constraint?: D1SessionBookmark | D1SessionConstraint) => current().withSession(constraint),
  } as D1Database;
  return {
    d1,
    /**
     * Binds to a user's shard (userId) or to a whole shard for a job that works across its users (null), through
     * `wrap` (the D1 meter, in development).
     */
    bind(shard: Shard, userId: number | null): void {
      if (bound && (bound.shard.name !== shard.name || bound.userId !== userId)) {
        throw new Error("These services are bound to another library already");
      }
      if (!bound) bound = { shard, userId, d1: wrap(shard.d1) };
    },
    shard: (): Shard | null => bound?.shard ?? null,
  };
}

// Moves one reader's library to another shard (docs/capacity.md, "A library per shard"):
// `SHARD_ADMIN_TOKEN=... npm run shards:move -- --base <app url> <user id> <shard> [--grace <seconds>]`.
// Calls the Worker's guarded POST /api/admin/shards/move, which answers once the library is there (the reader's
// requests get 503 with Retry-After meanwhile). Resumable: after a failure, run the same command again.
// Plain Node (>= 20): it needs nothing from node_modules.
import { parseArgs } from "node:util";

const USAGE =
  "usage: SHARD_ADMIN_TOKEN=<token> npm run shards:move -- --base <app url> <user id> <shard> [--grace <seconds>]";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: "string" }, grace: { type: "string" } },
});
const [userId, shard] = positionals;
const token = process.env.SHARD_ADMIN_TOKEN;
if (!values.base || !userId || !shard || !/^\d+$/.test(userId) || !token) {
  console.error(USAGE);
  process.exit(2);
}
const response = await fetch(`${values.base.replace(/\/+$/, "")}/api/admin/shards/move`, {
  method: "POST",
  headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
  body: JSON.stringify({
    user_id: Number(userId),
    shard,
    ...(values.grace === undefined ? {} : { grace_seconds: Number(values.grace) }),
  }),
});
const text = await response.text();
if (!response.ok) {
  // 404: this server has no SHARD_ADMIN_TOKEN, or another one.
  console.error(`Move failed: ${response.status} ${text}`);
  process.exit(1);
}
console.log(text);

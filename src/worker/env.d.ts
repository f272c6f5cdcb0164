// Secrets are not in wrangler.toml, so `wrangler types` cannot see them; they are declared here.
declare namespace Cloudflare {
  interface Env {
    /** HS256 signing key for access tokens. Required outside development (`wrangler secret put JWT_SECRET`). */
    JWT_SECRET?: string;
    /** The library mover's admin token (docs/capacity.md); unset, its endpoint answers 404. */
    SHARD_ADMIN_TOKEN?: string;
  }
}

// Secrets are not in wrangler.toml, so `wrangler types` cannot see them; they are declared here.
declare namespace Cloudflare {
  interface Env {
    /** HS256 signing key for access tokens. Required outside development (`wrangler secret put JWT_SECRET`). */
    JWT_SECRET?: string;
  }
}

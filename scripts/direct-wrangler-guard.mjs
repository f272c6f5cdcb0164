// wrangler.toml's `[build] command`: wrangler runs it before `wrangler deploy` (and `wrangler dev`) on
// wrangler.toml itself, which cannot work here: the Worker and its assets are built by Vite into dist/, and
// wrangler.toml names no assets directory. The Vite plugin drops `[build]` from the configuration it writes, so
// the project scripts (which pass `-c dist/viberead/wrangler.json`) never reach this.
// wrangler names the command running it in WRANGLER_COMMAND: `wrangler types` (npm run types) reads the sources
// and needs no build, so it passes.
if (process.env.WRANGLER_COMMAND === "types") process.exit(0);
console.error(`
✖ Not from wrangler.toml: this Worker and its assets are built by Vite.
  Deploy:           npm run deploy:staging   or   npm run deploy:production
  Dry run:          npm run deploy:check
  Run locally:      npm start   (or npm run dev)
  By hand:          CLOUDFLARE_ENV=<staging|production> npx vite build && npx wrangler deploy -c dist-deploy/<staging|production>/viberead/wrangler.json
`);
process.exit(1);

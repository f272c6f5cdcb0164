import { startAppInBackground } from "./lib.mjs";
const app = startAppInBackground({ port: "8798", persistTo: ".wrangler/bench-state", logPath: "/tmp/probe-server.log", extraArgs: ["--test-scheduled"] });
for (let i = 0; i < 120; i++) { try { const r = await fetch("http://127.0.0.1:8798/api/health"); if (r.ok) break; } catch {} await new Promise(r => setTimeout(r, 500)); }
const t = performance.now();
const r = await fetch("http://127.0.0.1:8798/cdn-cgi/handler/scheduled?cron=" + encodeURIComponent("*/5 * * * *"), { signal: AbortSignal.timeout(280000) }).catch(e => e);
console.log("scheduled", r.status ?? r.message, ((performance.now() - t) / 1000).toFixed(1), "s");
app.stop?.(); await app.stopped?.catch?.(() => {});
process.exit(0);

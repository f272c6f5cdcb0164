// `npm run dev`: the Vite dev server with hot reload; the Worker runs in workerd through the Cloudflare plugin,
// sharing the local database with `npm start`.
import { runOrExit, tool } from "./lib.mjs";
import { setup } from "./setup.mjs";

await setup({ migrate: ".wrangler/state" });
await runOrExit(tool("vite"), ["dev", "--port", process.env.PORT || "8787", "--strictPort"]);

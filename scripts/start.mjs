// `npm start`: set up what is missing, apply migrations, build the app, and serve it the way it is deployed
// (one Worker with its static assets) at http://localhost:8787, or $PORT.
import { runOrExit, tool } from "./lib.mjs";
import { setup } from "./setup.mjs";

const port = process.env.PORT || "8787";
const persistTo = ".wrangler/state";

await setup({ migrate: persistTo });
await runOrExit(tool("vite"), ["build"]);
console.log(`\n› VibeRead is starting at http://localhost:${port}\n`);
await runOrExit(tool("wrangler"), [
  "dev",
  "-c",
  "dist/viberead/wrangler.json",
  "--port",
  port,
  "--persist-to",
  persistTo,
  "--show-interactive-dev-session=false",
]);

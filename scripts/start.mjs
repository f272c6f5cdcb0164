// `npm start`: set up what is missing, apply migrations, build the app, and serve it the way it is deployed
// (one Worker with its static assets) at http://localhost:8787, or $PORT.
import { runOrExit, serveBuiltApp, tool } from "./lib.mjs";
import { setup } from "./setup.mjs";

const port = process.env.PORT || "8787";
const persistTo = ".wrangler/state";

await setup({ migrate: persistTo });
await runOrExit(tool("vite"), ["build"]);
console.log(`\n› VibeRead is starting at http://localhost:${port}\n`);
await serveBuiltApp({ port, persistTo });

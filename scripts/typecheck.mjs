// Typechecks every TypeScript project (worker, client, tests, scripts, tool configs); exits non-zero on any error.
import { run, tool } from "./lib.mjs";

const PROJECTS = ["src/worker", "src/client", "src/extension", "test", "tsconfig.scripts.json", "tsconfig.tools.json"];

let failed = false;
for (const project of PROJECTS) {
  if ((await run(tool("tsc"), ["-p", project])) !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

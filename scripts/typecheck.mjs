// Typechecks every TypeScript project (worker, client, tests, tool configs); exits non-zero on any error.
import { run, tool } from "./lib.mjs";

let failed = false;
for (const project of ["src/worker", "src/client", "test", "."]) {
  const args = project === "." ? ["-p", "tsconfig.tools.json"] : ["-p", project];
  if ((await run(tool("tsc"), args)) !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

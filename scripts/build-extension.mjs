// `npm run build:extension`: compiles src/extension (TypeScript, esbuild) into an unpacked extension per browser,
// dist/extension/chrome/ and dist/extension/firefox/, and zips each (dist/extension/viberead-<browser>.zip) for
// the web stores or for "Load Temporary Add-on" in Firefox. `vite build` serves the same zips (vite.config.ts).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { BROWSERS, packExtension } from "./extension-package.mjs";
import { ROOT } from "./lib.mjs";

const OUT = join(ROOT, "dist", "extension");

rmSync(OUT, { recursive: true, force: true });
for (const browser of BROWSERS) {
  const dir = join(OUT, browser);
  const { files, zip } = await packExtension(browser);
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  writeFileSync(join(OUT, `viberead-${browser}.zip`), zip);
  console.log(`✔ ${relative(ROOT, dir)}/ and dist/extension/viberead-${browser}.zip (${zip.byteLength} bytes)`);
}

// `npm run build:extension`: compiles src/extension (TypeScript, esbuild) into an unpacked extension per browser,
// dist/extension/chrome/ and dist/extension/firefox/, and zips each (dist/extension/viberead-<browser>.zip) for
// the web stores or for "Load Temporary Add-on" in Firefox.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { build } from "esbuild";
import { zipSync } from "fflate";
import { ROOT } from "./lib.mjs";

const SOURCE = join(ROOT, "src", "extension");
const OUT = join(ROOT, "dist", "extension");
const STATIC_FILES = ["popup.html", "options.html", "extension.css"];
const ENTRIES = ["background", "popup", "options"];
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));

/** The shared MV3 manifest plus what differs: Chrome runs the background as a service worker, Firefox as a script. */
function manifestFor(browser) {
  const base = JSON.parse(readFileSync(join(SOURCE, "manifest.json"), "utf8"));
  if (browser === "chrome") return { ...base, version, background: { service_worker: "background.js" } };
  return {
    ...base,
    version,
    background: { scripts: ["background.js"] },
    browser_specific_settings: { gecko: { id: "extension@viberead.app", strict_min_version: "128.0" } },
  };
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

rmSync(OUT, { recursive: true, force: true });
for (const browser of ["chrome", "firefox"]) {
  const dir = join(OUT, browser);
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: ENTRIES.map((name) => join(SOURCE, `${name}.ts`)),
    outdir: dir,
    bundle: true,
    // One self-contained classic script per entry: a service worker, a Firefox background script and a page
    // script all load it the same way.
    format: "iife",
    target: browser === "chrome" ? "chrome120" : "firefox128",
    logLevel: "warning",
  });
  for (const file of STATIC_FILES) copyFileSync(join(SOURCE, file), join(dir, file));
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifestFor(browser), null, 2)}\n`);
  const zip = zipSync(Object.fromEntries(filesUnder(dir).map((path) => [relative(dir, path), readFileSync(path)])));
  writeFileSync(join(OUT, `viberead-${browser}.zip`), zip);
  console.log(`✔ ${relative(ROOT, dir)}/ and dist/extension/viberead-${browser}.zip (${zip.byteLength} bytes)`);
}

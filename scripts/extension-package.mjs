// Packs the browser extension (src/extension) for one browser, in memory: esbuild compiles the TypeScript entries,
// the static pages, the icons and the manifest for that browser are added, and fflate zips them. Used by
// `npm run build:extension` (scripts/build-extension.mjs, which writes the unpacked folders) and by `vite build`
// (vite.config.ts, which serves the zips at /extension/viberead-<browser>.zip for Settings' download links).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { zipSync } from "fflate";
import { ROOT } from "./lib.mjs";

export const BROWSERS = ["chrome", "firefox"];
const SOURCE = join(ROOT, "src", "extension");
const STATIC_FILES = ["popup.html", "options.html", "extension.css"];
const ENTRIES = ["background", "popup", "options"];

/** The shared MV3 manifest plus what differs: Chrome runs the background as a service worker, Firefox as a script. */
function manifestFor(browser) {
  const base = JSON.parse(readFileSync(join(SOURCE, "manifest.json"), "utf8"));
  const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  if (browser === "chrome") return { ...base, version, background: { service_worker: "background.js" } };
  return {
    ...base,
    version,
    background: { scripts: ["background.js"] },
    browser_specific_settings: { gecko: { id: "extension@viberead.app", strict_min_version: "128.0" } },
  };
}

/** Every file of the extension for `browser`, by its path inside the extension, and the zip of them. */
export async function packExtension(browser) {
  const compiled = await build({
    entryPoints: ENTRIES.map((name) => join(SOURCE, `${name}.ts`)),
    outdir: "/",
    write: false,
    bundle: true,
    // One self-contained classic script per entry: a service worker, a Firefox background script and a page
    // script all load it the same way.
    format: "iife",
    target: browser === "chrome" ? "chrome120" : "firefox128",
    logLevel: "warning",
  });
  const files = {};
  for (const output of compiled.outputFiles) files[output.path.replace(/^\//, "")] = output.contents;
  for (const file of STATIC_FILES) files[file] = readFileSync(join(SOURCE, file));
  for (const icon of readdirSync(join(SOURCE, "icons")))
    files[`icons/${icon}`] = readFileSync(join(SOURCE, "icons", icon));
  files["manifest.json"] = new TextEncoder().encode(`${JSON.stringify(manifestFor(browser), null, 2)}\n`);
  return { files, zip: zipSync(files) };
}

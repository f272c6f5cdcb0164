import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { pwaOptions } from "./pwa.config";
import { deployBuildDir, LOCAL_BUILD_DIR } from "./scripts/build-dirs.mjs";
import { BROWSERS, packExtension } from "./scripts/extension-package.mjs";
import { withoutWordVectors } from "./scripts/word-vectors-alias.mjs";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const environment = process.env.CLOUDFLARE_ENV ?? "";
/** Staging and production embed with Workers AI: their builds leave the local word vectors out. */
const deployed = ["staging", "production"].includes(environment);

/**
 * The browser extension's zips, built with the app and served at /extension/viberead-<browser>.zip, so Settings can
 * offer them for download (components/settings/extension-section.tsx). Client build only; `vite dev` has none.
 */
function extensionDownloads(): Plugin {
  return {
    name: "viberead-extension-downloads",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle() {
      for (const browser of BROWSERS) {
        const { zip } = await packExtension(browser);
        this.emitFile({ type: "asset", fileName: `extension/viberead-${browser}.zip`, source: zip });
      }
    },
  };
}

/**
 * The API reference viewer (GET /api/docs, src/worker/routes/api-reference.ts): Swagger UI's files from the
 * swagger-ui-dist package, served from this origin at /api-docs/ so the page needs no CDN (a self-hosted app works
 * offline). Its starter script is src/client/public/api-docs/start.js. Client build only.
 */
function apiReferenceAssets(): Plugin {
  const files = ["swagger-ui-bundle.js", "swagger-ui.css"];
  return {
    name: "viberead-api-reference-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle() {
      for (const file of files) {
        const source = await readFile(fromRoot(`./node_modules/swagger-ui-dist/${file}`));
        this.emitFile({ type: "asset", fileName: `api-docs/${file}`, source });
      }
    },
  };
}

export default defineConfig({
  root: fromRoot("./src/client"),
  // Icons of the installable app; copied as they are into the built assets.
  publicDir: fromRoot("./src/client/public"),
  resolve: { alias: deployed ? withoutWordVectors : [] },
  // A deployable build goes to dist-deploy/<environment>, never into dist/, which a running `npm start` serves and
  // reloads from (scripts/build-dirs.mjs). `--outDir` still overrides both.
  build: { outDir: fromRoot(`./${deployed ? deployBuildDir(environment) : LOCAL_BUILD_DIR}`), emptyOutDir: true },
  plugins: [
    react(),
    extensionDownloads(),
    apiReferenceAssets(),
    VitePWA(pwaOptions),
    cloudflare({ configPath: fromRoot("./wrangler.toml"), persistState: { path: fromRoot("./.wrangler/state") } }),
  ],
});

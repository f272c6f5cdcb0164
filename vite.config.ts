import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { pwaOptions } from "./pwa.config";
import { BROWSERS, packExtension } from "./scripts/extension-package.mjs";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Staging and production embed with Workers AI, so their builds swap the local embedder's word-vector table
 * (1.4 MB gzipped) for a module that says why it is missing. Development and tests keep the table.
 */
const deployed = ["staging", "production"].includes(process.env.CLOUDFLARE_ENV ?? "");
const withoutWordVectors = deployed
  ? [
      {
        find: /^\.\/word-vectors-data$/,
        replacement: fromRoot("./src/worker/domain/embedding/word-vectors-data.excluded.ts"),
      },
    ]
  : [];

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

export default defineConfig({
  root: fromRoot("./src/client"),
  // Icons of the installable app; copied as they are into the built assets.
  publicDir: fromRoot("./src/client/public"),
  resolve: { alias: withoutWordVectors },
  build: { outDir: fromRoot("./dist"), emptyOutDir: true },
  plugins: [
    react(),
    extensionDownloads(),
    VitePWA(pwaOptions),
    cloudflare({ configPath: fromRoot("./wrangler.toml"), persistState: { path: fromRoot("./.wrangler/state") } }),
  ],
});

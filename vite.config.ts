import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

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

export default defineConfig({
  root: fromRoot("./src/client"),
  publicDir: false,
  resolve: { alias: withoutWordVectors },
  build: { outDir: fromRoot("./dist"), emptyOutDir: true },
  plugins: [
    react(),
    cloudflare({ configPath: fromRoot("./wrangler.toml"), persistState: { path: fromRoot("./.wrangler/state") } }),
  ],
});

import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: fromRoot("./src/client"),
  publicDir: false,
  build: { outDir: fromRoot("./dist"), emptyOutDir: true },
  plugins: [
    react(),
    cloudflare({ configPath: fromRoot("./wrangler.toml"), persistState: { path: fromRoot("./.wrangler/state") } }),
  ],
});

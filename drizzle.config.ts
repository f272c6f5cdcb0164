import { defineConfig } from "drizzle-kit";

// Generates SQL only; wrangler applies it (`wrangler d1 migrations apply DB`), locally and in deploys.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/worker/db/schema.ts",
  out: "./migrations",
});

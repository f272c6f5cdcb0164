import { Hono } from "hono";
import { version } from "../../../package.json";
import type { AppEnv } from "../context";

/**
 * Liveness plus which adapters this deployment runs, so a smoke test (and a person) can see at once whether
 * a deployment embeds with Workers AI or fell back to something local. Adapter names are model ids and
 * product names, never a secret.
 */
export const healthRoutes = new Hono<AppEnv>().get("/", (c) => {
  const { adapters } = c.var.services;
  return c.json(
    {
      status: "ok",
      environment: c.var.config.environment,
      version,
      adapters: {
        language_model: adapters.languageModel.name,
        embedder: adapters.embedder.name,
        vector_index: adapters.vectorIndex.name,
        page_renderer: adapters.pageRenderer.name,
      },
    },
    200,
  );
});

import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { version } from "../../../package.json";
import type { AppEnv } from "../context";
import { jsonResponse } from "../openapi/responses";
import { SEMANTIC_FEATURES_OFF } from "../services/related-service";
import { healthJson } from "./health-schemas";

/**
 * Liveness plus which adapters this deployment runs, so a smoke test (and a person) can see at once whether
 * a deployment embeds with Workers AI or fell back to something local. Adapter names are model ids and
 * product names, never a secret.
 */
export const healthRoutes = new Hono<AppEnv>().get(
  "/",
  describeRoute({
    tags: ["Health"],
    summary: "Health and adapters",
    description: "Liveness, the version, and which adapters this deployment runs (model ids and product names).",
    security: [],
    responses: { 200: jsonResponse("Up; `degraded` when semantic features are off, saying why.", healthJson) },
  }),
  async (c) => {
    const { adapters } = c.var.services;
    // The app serves, so 200 either way; but an embedder that cannot embed is said loudly (issue 31 item 6).
    const embedderProblem = (await adapters.embedder.unavailableReason?.()) ?? null;
    const degradedParts = embedderProblem
      ? [
          {
            part: "embedder" as const,
            detail: embedderProblem,
            affects: ["related" as const, "topics" as const, "search" as const],
          },
        ]
      : [];
    return c.json(
      {
        status: degradedParts.length > 0 ? "degraded" : "ok",
        ...(embedderProblem ? { detail: `${SEMANTIC_FEATURES_OFF} ${embedderProblem}` } : {}),
        degraded_parts: degradedParts,
        environment: c.var.config.environment,
        version,
        adapters: {
          language_model: adapters.languageModel.name,
          embedder: adapters.embedder.name,
          vector_index: adapters.vectorIndex.name,
          page_renderer: adapters.pageRenderer.name,
          speech: adapters.speech.name,
        },
      },
      200,
    );
  },
);

import { describe, expect, it } from "vitest";
import { version } from "../../package.json";
import { api } from "./helpers";

describe("GET /api/health", () => {
  it("reports status, environment, version and the adapters in use", async () => {
    const response = await api("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: "ok",
      degraded_parts: [],
      environment: "development",
      version,
      adapters: {
        language_model: "local-extractive",
        embedder: "local-glove-hashing-v3",
        vector_index: "local-d1",
        page_renderer: "browser-rendering",
        speech: "local-browser-voice",
      },
    });
  });

  it("answers unknown API paths with a JSON 404 detail", async () => {
    const response = await api("GET", "/api/nope");
    expect(response.status).toBe(404);
    expect(response.body.detail).toContain("/api/nope");
  });
});

import { describe, expect, it } from "vitest";
import { version } from "../../package.json";
import { api } from "./helpers";

describe("GET /api/health", () => {
  it("reports status, environment and version", async () => {
    const response = await api("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", environment: "development", version });
  });

  it("answers unknown API paths with a JSON 404 detail", async () => {
    const response = await api("GET", "/api/nope");
    expect(response.status).toBe(404);
    expect(response.body.detail).toContain("/api/nope");
  });
});

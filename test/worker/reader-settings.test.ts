import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEFAULT_READER_SETTINGS, readerSettingsFrom } from "../../src/worker/domain/reader-settings";
import { api, registerUser } from "./helpers";

const serif = { font: "serif", size: 22, line_height: "loose", width: "narrow", align: "justify", theme: "sepia" };

describe("reader settings", () => {
  it("are the defaults until changed, then the same for every session of the account", async () => {
    const user = await registerUser();
    const before = await api("GET", "/api/reader-settings", { token: user.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ settings: DEFAULT_READER_SETTINGS, updated_at: null });

    const saved = await api("PUT", "/api/reader-settings", { token: user.token, body: serif });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual(serif);
    expect(typeof saved.body.updated_at).toBe("number");

    // A second device signs in: it reads what the first one set.
    const second = await api("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
    const read = await api("GET", "/api/reader-settings", { token: second.body.access_token });
    expect(read.body.settings).toEqual(serif);
  });

  it("belong to one account: another reader keeps their own", async () => {
    const [one, other] = [await registerUser(), await registerUser()];
    await api("PUT", "/api/reader-settings", { token: one.token, body: serif });
    const read = await api("GET", "/api/reader-settings", { token: other.token });
    expect(read.body.settings).toEqual(DEFAULT_READER_SETTINGS);
  });

  it("keep the newest change: a change made earlier and sent later (a device back online) does not replace it", async () => {
    const user = await registerUser();
    const now = Date.now();
    await api("PUT", "/api/reader-settings", {
      token: user.token,
      body: { ...serif, theme: "dark", client_updated_at: now - 1_000 },
    });
    const late = await api("PUT", "/api/reader-settings", {
      token: user.token,
      body: { ...serif, theme: "light", client_updated_at: now - 60_000 },
    });
    expect(late.status).toBe(200);
    expect(late.body.settings.theme).toBe("dark");
    expect(late.body.updated_at).toBe(now - 1_000);
  });

  it("count a device clock that runs ahead as now, so it cannot outrank every later change", async () => {
    const user = await registerUser();
    const ahead = await api("PUT", "/api/reader-settings", {
      token: user.token,
      body: { ...serif, theme: "dark", client_updated_at: Date.now() + 365 * 24 * 3600_000 },
    });
    expect(ahead.body.updated_at).toBeLessThanOrEqual(Date.now());
    const next = await api("PUT", "/api/reader-settings", { token: user.token, body: { ...serif, theme: "light" } });
    expect(next.body.settings.theme).toBe("light");
  });

  it.each([
    [{ ...serif, font: "comic" }, "font must be one of: serif, sans, legible"],
    [{ ...serif, size: 17 }, "size must be one of: 14, 16, 18, 20, 22, 24, 28, 32"],
    [{ ...serif, theme: "neon" }, "theme must be one of: system, light, sepia, dark"],
    [{ ...serif, width: undefined }, "width"],
    [{ ...serif, colour: "red" }, "colour"],
    [{ ...serif, client_updated_at: -1 }, "client_updated_at"],
  ])("refuse %j with a 422 that names the field", async (body, message) => {
    const user = await registerUser();
    const response = await api("PUT", "/api/reader-settings", { token: user.token, body });
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain(message);
    const read = await api("GET", "/api/reader-settings", { token: user.token });
    expect(read.body.updated_at).toBeNull();
  });

  it("need a signed-in caller", async () => {
    expect((await api("GET", "/api/reader-settings")).status).toBe(401);
    expect((await api("PUT", "/api/reader-settings", { body: serif })).status).toBe(401);
  });

  it("go with the account when it is deleted", async () => {
    const user = await registerUser();
    await api("PUT", "/api/reader-settings", { token: user.token, body: serif });
    const deleted = await api("DELETE", "/api/account", { token: user.token, body: { password: user.password } });
    expect(deleted.status).toBe(204);
    const rows = await env.DB.prepare("select count(*) as n from reader_settings where user_id = ?")
      .bind(user.user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("read a stored document from another version field by field: an unknown value takes its default", () => {
    expect(readerSettingsFrom({ ...serif, size: 19, theme: "neon", extra: 1 })).toEqual({
      ...serif,
      size: DEFAULT_READER_SETTINGS.size,
      theme: DEFAULT_READER_SETTINGS.theme,
    });
    expect(readerSettingsFrom(null)).toEqual(DEFAULT_READER_SETTINGS);
  });
});

import { describe, expect, it } from "vitest";
import { loginPathFor, resolveReturnTarget } from "../../src/client/lib/return-target";

const ORIGIN = "http://localhost:8787";

describe("resolveReturnTarget", () => {
  it("defaults to /dashboard", () => {
    expect(resolveReturnTarget("", null, ORIGIN)).toEqual({ kind: "route", path: "/dashboard" });
  });

  it("prefers the return parameter, then the 'from' route state", () => {
    const state = { from: { pathname: "/topics", search: "?x=1" } };
    expect(resolveReturnTarget("?return=%2Fstats", state, ORIGIN)).toEqual({ kind: "route", path: "/stats" });
    expect(resolveReturnTarget("", state, ORIGIN)).toEqual({ kind: "route", path: "/topics?x=1" });
    expect(resolveReturnTarget("", { from: "/article/3" }, ORIGIN)).toEqual({ kind: "route", path: "/article/3" });
  });

  it("follows a full URL only to the app's own authorize endpoint, or to one of its screens", () => {
    const own = `${ORIGIN}/authorize?client_id=a&state=b`;
    expect(resolveReturnTarget(`?return=${encodeURIComponent(own)}`, null, ORIGIN)).toEqual({
      kind: "external",
      url: own,
    });
    expect(resolveReturnTarget(`?return=${encodeURIComponent(`${ORIGIN}/#/stats`)}`, null, ORIGIN)).toEqual({
      kind: "route",
      path: "/stats",
    });
    for (const foreign of [
      "https://evil.example.com/",
      "https://evil.example/authorize?client_id=a",
      "http://localhost:9999/authorize",
      "https://localhost:8787/authorize",
      `${ORIGIN}/api/auth/logout`,
      `${ORIGIN}/mcp`,
      `${ORIGIN}/#//evil.example.com`,
    ]) {
      expect(resolveReturnTarget(`?return=${encodeURIComponent(foreign)}`, null, ORIGIN)).toEqual({
        kind: "route",
        path: "/dashboard",
      });
    }
  });

  it("refuses protocol-relative, backslash, scheme and auth-page targets", () => {
    for (const bad of [
      "//evil.example.com",
      "/\\evil.example.com",
      "javascript:alert(1)",
      "stats",
      "/login",
      "/register?x",
    ]) {
      expect(resolveReturnTarget(`?return=${encodeURIComponent(bad)}`, null, ORIGIN), bad).toEqual({
        kind: "route",
        path: "/dashboard",
      });
    }
  });
});

describe("loginPathFor", () => {
  it("carries the protected location in the return parameter", () => {
    expect(loginPathFor("/article/5", "?tab=content")).toBe("/login?return=%2Farticle%2F5%3Ftab%3Dcontent");
    expect(loginPathFor("/", "")).toBe("/login");
  });
});

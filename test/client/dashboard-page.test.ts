import { describe, expect, it } from "vitest";
import {
  createDashboardScroll,
  DASHBOARD_SCROLL_KEY,
  dashboardPageParams,
  MAX_DASHBOARD_SCROLL_ENTRIES,
  parseDashboardPage,
} from "../../src/client/lib/dashboard-page";

const parse = (query: string) => parseDashboardPage(new URLSearchParams(query));

describe("parseDashboardPage", () => {
  it("reads the page and a page size from the spec's options", () => {
    expect(parse("page=3&per_page=10")).toEqual({ page: 3, perPage: 10 });
    expect(parse("per_page=50")).toEqual({ page: 1, perPage: 50 });
  });

  it("falls back to page 1 of 20 for anything missing or malformed", () => {
    expect(parse("")).toEqual({ page: 1, perPage: 20 });
    for (const query of ["page=0", "page=-2", "page=2.5", "page=abc", "page=1e3", "page=99999999"]) {
      expect(parse(query).page).toBe(1);
    }
    for (const query of ["per_page=7", "per_page=100", "per_page=", "per_page=ten"]) {
      expect(parse(query).perPage).toBe(20);
    }
  });
});

describe("the tag filter in the dashboard URL (issue 23)", () => {
  it("reads a tag, trimmed, and ignores an empty or over-long one", () => {
    expect(parse("tag=%20Slow%20%20reads%20&page=2")).toEqual({ page: 2, perPage: 20, tag: "Slow reads" });
    expect(parse("tag=")).toStrictEqual({ page: 1, perPage: 20 });
    expect(parse(`tag=${"x".repeat(65)}`)).toStrictEqual({ page: 1, perPage: 20 });
  });

  it("writes the tag next to the page, and round-trips", () => {
    const params = dashboardPageParams({ page: 1, perPage: 20, tag: "C++ & Rust" });
    expect(params.get("tag")).toBe("C++ & Rust");
    expect(parseDashboardPage(new URLSearchParams(params.toString()))).toEqual({
      page: 1,
      perPage: 20,
      tag: "C++ & Rust",
    });
  });
});

describe("the Has highlights filter in the dashboard URL (issue 32)", () => {
  it("reads highlighted=1 only, and round-trips beside the tag", () => {
    expect(parse("highlighted=1&page=2")).toEqual({ page: 2, perPage: 20, highlighted: true });
    for (const query of ["highlighted=0", "highlighted=true", "highlighted="]) {
      expect(parse(query)).toStrictEqual({ page: 1, perPage: 20 });
    }
    const params = dashboardPageParams({ page: 1, perPage: 20, tag: "rust", highlighted: true });
    expect(params.toString()).toBe("tag=rust&highlighted=1");
    expect(parseDashboardPage(params)).toEqual({ page: 1, perPage: 20, tag: "rust", highlighted: true });
    expect(dashboardPageParams({ page: 1, perPage: 20, highlighted: false }).toString()).toBe("");
  });
});

describe("the search words and the site in the dashboard URL", () => {
  it("reads q and domain, trimmed, ignores empty or over-long ones, and round-trips beside the others", () => {
    expect(parse("q=%20borrow%20%20checker%20&domain=example.com")).toEqual({
      page: 1,
      perPage: 20,
      search: "borrow checker",
      domain: "example.com",
    });
    expect(parse(`q=&domain=${"d".repeat(254)}`)).toStrictEqual({ page: 1, perPage: 20 });
    expect(parse(`q=${"w".repeat(201)}`)).toStrictEqual({ page: 1, perPage: 20 });
    const page = { page: 2, perPage: 20, tag: "rust", highlighted: true, search: "C++ & Rust", domain: "a.com" };
    const params = dashboardPageParams(page);
    expect(params.toString()).toBe("page=2&tag=rust&highlighted=1&q=C%2B%2B+%26+Rust&domain=a.com");
    expect(parseDashboardPage(new URLSearchParams(params.toString()))).toEqual(page);
  });
});

describe("dashboardPageParams", () => {
  it("leaves the defaults out, so the first page stays a plain /#/dashboard", () => {
    expect(dashboardPageParams({ page: 1, perPage: 20 }).toString()).toBe("");
    expect(dashboardPageParams({ page: 2, perPage: 10 }).toString()).toBe("page=2&per_page=10");
    expect(dashboardPageParams({ page: 1, perPage: 50 }).toString()).toBe("per_page=50");
  });
});

describe("createDashboardScroll", () => {
  const memory = () => {
    const map = new Map<string, string>();
    return {
      map,
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    };
  };

  it("keeps one offset per history entry", () => {
    const store = createDashboardScroll(memory());
    store.saveScroll("entry-a", 640.4);
    store.saveScroll("entry-b", 10);
    expect(store.scrollFor("entry-a")).toBe(640);
    expect(store.scrollFor("entry-b")).toBe(10);
    expect(store.scrollFor("entry-c")).toBeNull();
  });

  it("keeps only the newest entries and ignores malformed storage", () => {
    const storage = memory();
    let clock = 0;
    const store = createDashboardScroll(storage, () => ++clock);
    for (let i = 0; i <= MAX_DASHBOARD_SCROLL_ENTRIES; i++) store.saveScroll(`e${i}`, i);
    expect(store.scrollFor("e0")).toBeNull();
    expect(store.scrollFor(`e${MAX_DASHBOARD_SCROLL_ENTRIES}`)).toBe(MAX_DASHBOARD_SCROLL_ENTRIES);

    storage.map.set(DASHBOARD_SCROLL_KEY, "{not json");
    expect(store.scrollFor("e1")).toBeNull();
    storage.map.set(DASHBOARD_SCROLL_KEY, JSON.stringify({ x: { y: "high", at: 1 } }));
    expect(store.scrollFor("x")).toBeNull();
  });

  it("survives a storage that throws", () => {
    const store = createDashboardScroll({
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {},
    });
    store.saveScroll("a", 1);
    expect(store.scrollFor("a")).toBeNull();
  });
});

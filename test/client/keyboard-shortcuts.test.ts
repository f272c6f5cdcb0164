import { describe, expect, it } from "vitest";
import { findShortcut, keyLabel, shortcutKey } from "../../src/client/lib/keyboard-shortcuts";
import { parseReadingList, type ReadingList, stepFrom } from "../../src/client/lib/reading-list";

/** A stand-in for the focused element: only what the rules read. */
const element = (localName: string, extra: Record<string, unknown> = {}) => ({
  localName,
  closest: (selector: string) => (extra.inside && selector.includes(String(extra.inside)) ? {} : null),
  ...extra,
});
const press = (key: string, target: unknown = element("body"), mods: Record<string, boolean> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  target: target as EventTarget,
  ...mods,
});

describe("keyboard shortcuts", () => {
  it("take a plain key, and Shift for the signs typed with it", () => {
    expect(shortcutKey(press("j"))).toBe("j");
    expect(shortcutKey(press("?", element("body"), { shiftKey: true }))).toBe("?");
    expect(shortcutKey(press("#", element("body"), { shiftKey: true }))).toBe("#");
    expect(shortcutKey(press("Escape"))).toBe("Escape");
  });

  it("never fire while typing in a field, in a menu, or with Ctrl, Cmd or Alt", () => {
    for (const field of [
      element("input", { type: "text" }),
      element("input", { type: "search" }),
      element("textarea"),
    ]) {
      expect(shortcutKey(press("j", field))).toBeNull();
    }
    expect(shortcutKey(press("j", element("div", { isContentEditable: true })))).toBeNull();
    expect(shortcutKey(press("d", element("button", { inside: "role=menu" })))).toBeNull();
    for (const mod of ["ctrlKey", "metaKey", "altKey"])
      expect(shortcutKey(press("m", element("body"), { [mod]: true }))).toBeNull();
    // A read-only field (the dashboard's 'Search with AI') and a checkbox take no typing.
    expect(shortcutKey(press("j", element("input", { type: "text", readOnly: true })))).toBe("j");
    expect(shortcutKey(press("j", element("input", { type: "checkbox" })))).toBe("j");
  });

  it("leave a control its own keys, and Shift with an arrow to the selection", () => {
    expect(shortcutKey(press("ArrowRight", element("button")))).toBeNull();
    expect(shortcutKey(press("Enter", element("a")))).toBeNull();
    expect(shortcutKey(press("ArrowLeft", element("div", { inside: "role=tab" })))).toBeNull();
    expect(shortcutKey(press("ArrowRight", element("p"), { shiftKey: true }))).toBeNull();
    expect(shortcutKey(press("ArrowRight", element("p")))).toBe("ArrowRight");
  });

  it("run the first group's shortcut for a key, not one only listed", () => {
    const ran: string[] = [];
    const groups = [
      {
        title: "Article",
        shortcuts: [
          { keys: ["h"], label: "listed" },
          { keys: ["n", "ArrowRight"], label: "next", run: () => ran.push("next") },
        ],
      },
      { title: "Everywhere", shortcuts: [{ keys: ["h"], label: "help", run: () => ran.push("help") }] },
    ];
    findShortcut(groups, "ArrowRight")?.run?.();
    expect(ran).toEqual(["next"]);
    expect(findShortcut(groups, "h")?.label).toBe("help");
    expect(findShortcut(groups, "x")).toBeUndefined();
    expect(keyLabel("ArrowRight")).toBe("→");
  });
});

describe("the list the viewer steps through", () => {
  const list: ReadingList = { ids: [9, 7, 5], query: { page: 2, perPage: 3 }, total: 8, current: 7 };

  it("goes to the neighbour in the list's order, and over a page's edge to the page before or after", () => {
    expect(stepFrom(list, 7, 1)).toEqual({ kind: "article", id: 5 });
    expect(stepFrom(list, 7, -1)).toEqual({ kind: "article", id: 9 });
    expect(stepFrom(list, 5, 1)).toEqual({ kind: "page", page: 3 });
    expect(stepFrom(list, 9, -1)).toEqual({ kind: "page", page: 1 });
  });

  it("stops at the list's ends and for an article not in it", () => {
    expect(stepFrom({ ...list, query: { page: 3, perPage: 3 }, ids: [3, 2] }, 2, 1)).toEqual({ kind: "none" });
    expect(stepFrom(list, 42, 1)).toEqual({ kind: "none" });
    expect(stepFrom(null, 7, 1)).toEqual({ kind: "none" });
  });

  it("reads back only a list it can trust", () => {
    expect(parseReadingList(JSON.stringify(list))).toEqual(list);
    expect(parseReadingList(JSON.stringify({ ...list, ids: ["7"] }))).toBeNull();
    expect(parseReadingList("nonsense")).toBeNull();
  });
});

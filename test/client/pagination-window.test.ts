import { describe, expect, it } from "vitest";
import { pageWindow, shownRange } from "../../src/client/lib/pagination-window";

describe("pageWindow (first, last, two either side, '...' gaps)", () => {
  it("shows nothing for no pages and a lone 1 for one page", () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it("shows every page when they all fit", () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("puts gaps on both sides of a page in the middle", () => {
    expect(pageWindow(10, 20)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
  });

  it("has one gap near either end", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, "gap", 10]);
    expect(pageWindow(10, 10)).toEqual([1, "gap", 8, 9, 10]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, "gap", 10]);
  });

  it("shows a single hidden page instead of '...'", () => {
    expect(pageWindow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 10]);
    expect(pageWindow(6, 10)).toEqual([1, "gap", 4, 5, 6, 7, 8, 9, 10]);
  });

  it("clamps a current page outside the range", () => {
    expect(pageWindow(0, 8)).toEqual([1, 2, 3, "gap", 8]);
    expect(pageWindow(99, 8)).toEqual([1, "gap", 6, 7, 8]);
  });
});

describe("shownRange ('Showing X - Y of N articles')", () => {
  it("gives the first and last article of the page", () => {
    expect(shownRange(1, 20, 25)).toEqual({ from: 1, to: 20 });
    expect(shownRange(2, 20, 25)).toEqual({ from: 21, to: 25 });
    expect(shownRange(3, 10, 25)).toEqual({ from: 21, to: 25 });
  });

  it("gives zeros when there is nothing", () => {
    expect(shownRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});

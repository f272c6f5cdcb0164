import { describe, expect, it } from "vitest";
import { MAX_VISIBLE_TOASTS, type ShownToast, toastsToMakeRoomFor } from "../../src/client/lib/toast-limit";

const toast = (id: number, type: ShownToast["type"] = "success", leaving = false): ShownToast => ({
  id,
  type,
  leaving,
});

describe("toast limit", () => {
  it("dismisses nothing while there is room", () => {
    expect(toastsToMakeRoomFor([toast(1), toast(2), toast(3)])).toEqual([]);
    expect(MAX_VISIBLE_TOASTS).toBe(4);
  });

  it("dismisses the oldest toast to make room for a fifth, not counting those already fading", () => {
    expect(toastsToMakeRoomFor([toast(1), toast(2), toast(3), toast(4)])).toEqual([1]);
    expect(toastsToMakeRoomFor([toast(1, "success", true), toast(2), toast(3), toast(4)])).toEqual([]);
  });

  it("keeps errors while older successes can go, and drops the oldest error when only errors are left", () => {
    expect(toastsToMakeRoomFor([toast(1, "error"), toast(2), toast(3, "info"), toast(4)])).toEqual([2]);
    expect(toastsToMakeRoomFor([toast(1, "error"), toast(2, "error"), toast(3, "error"), toast(4, "error")])).toEqual([
      1,
    ]);
  });

  it("brings a list longer than the limit back under it in one step", () => {
    const shown = Array.from({ length: 7 }, (_, i) => toast(i + 1));
    expect(toastsToMakeRoomFor(shown)).toEqual([1, 2, 3, 4]);
  });
});

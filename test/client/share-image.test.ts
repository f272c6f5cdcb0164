import { describe, expect, it } from "vitest";
import {
  MAX_CANVAS_SIDE,
  planRender,
  quoteSize,
  SHARE_CARD_WIDTH,
  shareImageFileName,
  TOO_LONG_MESSAGE,
  visibleHeight,
} from "../../src/client/lib/share-image";

describe("planRender (pixel ratio 3, no side over 16384 px)", () => {
  it("draws an ordinary card at ratio 3: 1248 px wide", () => {
    expect(planRender(SHARE_CARD_WIDTH, 600)).toEqual({
      ok: true,
      pixelRatio: 3,
      width: 1248,
      height: 1800,
      scaled: false,
    });
  });

  it("keeps ratio 3 up to exactly the limit", () => {
    const plan = planRender(SHARE_CARD_WIDTH, MAX_CANVAS_SIDE / 4);
    expect(plan).toMatchObject({ ok: true, pixelRatio: 3, height: 12_288, scaled: false });
  });

  it("scales a card taller than 16384 / 3 px down as a whole, never past the limit", () => {
    for (const height of [5462, 6000, 9999.5, 16_384]) {
      const plan = planRender(SHARE_CARD_WIDTH, height);
      if (!plan.ok) throw new Error(`refused ${height}`);
      expect(plan.scaled).toBe(true);
      expect(plan.pixelRatio).toBeLessThan(3);
      expect(plan.pixelRatio).toBeGreaterThanOrEqual(1);
      expect(plan.height).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
      expect(plan.height).toBeGreaterThan(MAX_CANVAS_SIDE - 20);
      expect(plan.width).toBe(Math.trunc(SHARE_CARD_WIDTH * plan.pixelRatio));
    }
  });

  it("refuses a card that would need a ratio below 1, with a message that says what to do", () => {
    expect(planRender(SHARE_CARD_WIDTH, 16_385)).toEqual({ ok: false, message: TOO_LONG_MESSAGE });
    expect(TOO_LONG_MESSAGE).toMatch(/shorter/);
  });
});

describe("visibleHeight (trimming the transparent bottom)", () => {
  /** A width × height RGBA image whose listed rows have one opaque pixel. */
  function image(width: number, height: number, opaqueRows: number[]) {
    const data = new Uint8ClampedArray(width * height * 4);
    for (const row of opaqueRows) data[(row * width + (width - 1)) * 4 + 3] = 255;
    return data;
  }

  it("keeps everything down to the last row with any visible pixel", () => {
    expect(visibleHeight(image(4, 10, [0, 6]), 4, 10)).toBe(7);
    expect(visibleHeight(image(4, 10, [9]), 4, 10)).toBe(10);
  });

  it("counts a faint pixel as visible, and an empty image as zero rows", () => {
    const faint = image(3, 5, []);
    faint[(2 * 3 + 1) * 4 + 3] = 1;
    expect(visibleHeight(faint, 3, 5)).toBe(3);
    expect(visibleHeight(image(3, 5, []), 3, 5)).toBe(0);
  });
});

describe("shareImageFileName", () => {
  it("is a PNG named with the local date and time", () => {
    expect(shareImageFileName(new Date(2026, 10, 21, 10, 15, 30))).toBe("viberead-quote-2026-11-21T10-15-30.png");
    expect(shareImageFileName(new Date(2027, 0, 2, 3, 4, 5))).toBe("viberead-quote-2027-01-02T03-04-05.png");
  });
});

describe("quoteSize", () => {
  it("sets short quotes large and long passages small", () => {
    expect(quoteSize(3)).toBe("large");
    expect(quoteSize(280)).toBe("large");
    expect(quoteSize(281)).toBe("medium");
    expect(quoteSize(1200)).toBe("medium");
    expect(quoteSize(1201)).toBe("small");
    expect(quoteSize(5000)).toBe("small");
  });
});

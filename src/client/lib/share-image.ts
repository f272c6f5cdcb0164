/**
 * The arithmetic of the quote image (spec §2 'Text selection and share image', §9 'Share image'): the card is
 * 416 CSS px wide and drawn at pixel ratio 3 (1,248 px), no canvas side may exceed 16,384 px, and the transparent
 * rows under the card are cut off. Pure, so it is tested without a browser; components/article/share-dialog.tsx
 * does the drawing.
 */

export const SHARE_CARD_WIDTH = 416;
export const SHARE_PIXEL_RATIO = 3;
/** The largest canvas side browsers draw reliably (Chrome and Firefox; Safari's area limit is larger than this). */
export const MAX_CANVAS_SIDE = 16_384;
/**
 * The smallest pixel ratio a long quote is scaled down to. Below 1 the image would hold fewer pixels than the
 * screen shows, and small print becomes unreadable, so such a quote is refused instead of shrunk.
 */
export const MIN_PIXEL_RATIO = 1;

export type RenderPlan =
  | { ok: true; pixelRatio: number; width: number; height: number; scaled: boolean }
  | { ok: false; message: string };

export const TOO_LONG_MESSAGE = "This quote is too long for one image. Select a shorter passage and try again.";

/**
 * The pixel ratio for a card of `cssWidth` × `cssHeight` CSS px: 3, or less when 3 would make a side longer than
 * 16,384 px (the card keeps its shape and is scaled down as a whole), or a refusal when even ratio 1 would not fit.
 * Width and height are what the canvas will be (canvas sizes are whole pixels; the browser truncates).
 */
export function planRender(cssWidth: number, cssHeight: number): RenderPlan {
  const longest = Math.max(cssWidth, cssHeight, 1);
  if (longest * SHARE_PIXEL_RATIO <= MAX_CANVAS_SIDE) {
    return {
      ok: true,
      pixelRatio: SHARE_PIXEL_RATIO,
      width: Math.trunc(cssWidth * SHARE_PIXEL_RATIO),
      height: Math.trunc(cssHeight * SHARE_PIXEL_RATIO),
      scaled: false,
    };
  }
  // Rounded down to a thousandth, so floating-point error can never push a side one pixel over the limit.
  const pixelRatio = Math.floor((MAX_CANVAS_SIDE / longest) * 1000) / 1000;
  if (pixelRatio < MIN_PIXEL_RATIO) return { ok: false, message: TOO_LONG_MESSAGE };
  return {
    ok: true,
    pixelRatio,
    width: Math.trunc(cssWidth * pixelRatio),
    height: Math.trunc(cssHeight * pixelRatio),
    scaled: true,
  };
}

/**
 * The number of rows to keep: everything down to the last row with a pixel that is not fully transparent
 * (`rgba` is canvas ImageData, four bytes a pixel). 0 when the whole image is transparent.
 */
export function visibleHeight(rgba: ArrayLike<number>, width: number, height: number): number {
  for (let row = height - 1; row >= 0; row--) {
    const start = row * width * 4;
    for (let alpha = start + 3; alpha < start + width * 4; alpha += 4) {
      if ((rgba[alpha] ?? 0) !== 0) return row + 1;
    }
  }
  return 0;
}

export type QuoteSize = "large" | "medium" | "small";

/**
 * The type size of the quote on the card, by its length in characters: a line or two reads best large, a long
 * passage small. Small type keeps a 5,000-character quote of ordinary text 2,700 to 3,800 CSS px tall (docs/web-app.md,
 * "Quote image decisions"), so it is still drawn at ratio 3: at 19 px it could pass 5,461 px, the most ratio 3
 * allows within 16,384, and be scaled down.
 */
export function quoteSize(length: number): QuoteSize {
  if (length <= 280) return "large";
  if (length <= 1200) return "medium";
  return "small";
}

const two = (value: number) => String(value).padStart(2, "0");

/** `viberead-quote-2026-11-21T10-15-30.png`, in the reader's local time (colons are not allowed in file names). */
export function shareImageFileName(at: Date): string {
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  const time = `${two(at.getHours())}-${two(at.getMinutes())}-${two(at.getSeconds())}`;
  return `viberead-quote-${date}T${time}.png`;
}

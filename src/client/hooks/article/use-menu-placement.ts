import { type RefObject, useLayoutEffect } from "react";
import { type Box, placeMenu } from "../../lib/text-selection";

/**
 * Where page coordinates start for an absolutely positioned element: its containing block's padding box, or the
 * document's origin when nothing around it is positioned. (Rendered in place rather than through a portal, which
 * would make the main bundle export react-dom's createPortal for this chunk alone.)
 */
function containingOrigin(element: HTMLElement): { left: number; top: number } {
  const parent = element.offsetParent;
  if (!(parent instanceof HTMLElement) || getComputedStyle(parent).position === "static") return { left: 0, top: 0 };
  const rect = parent.getBoundingClientRect();
  return {
    left: rect.left + window.scrollX + parent.clientLeft - parent.scrollLeft,
    top: rect.top + window.scrollY + parent.clientTop - parent.scrollTop,
  };
}

/**
 * Places a menu beside the text it is about (`anchor`, in page coordinates), never over it, inside the window
 * (lib/text-selection.ts `placeMenu`). Measured and placed before paint, written to the element's style rather than
 * state: a second render would come after the menu's focus effect, and a hidden element cannot take focus.
 * `revision` places it again when its size changes (a note field opened in it).
 */
export function useMenuPlacement(menuRef: RefObject<HTMLElement | null>, anchor: Box, revision: unknown = null) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision is a reason to measure again, not an input
  useLayoutEffect(() => {
    const element = menuRef.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    const view = {
      left: window.scrollX,
      top: window.scrollY,
      right: window.scrollX + document.documentElement.clientWidth,
      bottom: window.scrollY + window.innerHeight,
    };
    // A finger's selection has the phone's own handles and menu above it: ours goes below when it can.
    const touch = window.matchMedia?.("(pointer: coarse)").matches;
    const { left, top } = placeMenu(anchor, { width, height }, view, 8, touch ? "below" : "above");
    const origin = containingOrigin(element);
    element.style.left = `${left - origin.left}px`;
    element.style.top = `${top - origin.top}px`;
  }, [menuRef, anchor, revision]);
}

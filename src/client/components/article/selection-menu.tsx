import { type KeyboardEvent, type RefObject, useEffect, useRef } from "react";
import { useMenuPlacement } from "../../hooks/article/use-menu-placement";
import type { Box } from "../../lib/text-selection";

/** Shift with these keys in the menu extends the selection, as it would in the text (Ctrl/Alt: by words). */
const EXTEND: Record<string, [direction: string, granularity: string]> = {
  ArrowLeft: ["left", "character"],
  ArrowRight: ["right", "character"],
  ArrowUp: ["backward", "line"],
  ArrowDown: ["forward", "line"],
  Home: ["backward", "lineboundary"],
  End: ["forward", "lineboundary"],
};

/** One key, no modifier, while the menu has focus (Escape is handled with the other navigation keys). */
const SHORTCUTS: Record<string, string> = { h: "Highlight", s: "Share as Image", c: "Copy Text" };

/**
 * The menu over a text selection (spec §2): the spec's 'Share as Image' and 'Copy Text', then 'Highlight'
 * (issue 32), then 'Cancel': the spec's three keep their order, its first item still takes focus and Cancel
 * stays last. Each has a one-key shortcut (H, S, C, Escape), shown in its tooltip. An ARIA menu: focus moves to
 * the first item, arrow keys, Home and End move between items, Escape and Tab close it (focus goes back to where
 * it was), and so does a click anywhere else; a resize moves it with its text. Shift with an arrow key, Home or
 * End extends the selection from the menu as it would in the text. It sits in page coordinates above the selected
 * text (below when there is no room), never over it, kept inside the window.
 */
export function SelectionMenu({
  menuRef,
  anchor,
  onHighlight,
  onShare,
  onCopy,
  onClose,
}: {
  menuRef: RefObject<HTMLDivElement | null>;
  /** The selected text's box, in page coordinates. */
  anchor: Box;
  onHighlight: () => void;
  onShare: () => void;
  onCopy: () => void;
  onClose: (options: { restoreFocus: boolean }) => void;
}) {
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useMenuPlacement(menuRef, anchor);

  useEffect(() => {
    items.current[0]?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !menuRef.current?.contains(event.target)) {
        onClose({ restoreFocus: false });
      }
    };
    // A resize does not close it: useTextSelection moves the anchor to where the selection went.
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown, true);
    };
  }, [menuRef, onClose]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const extend = event.shiftKey ? EXTEND[event.key] : undefined;
    if (extend) {
      event.preventDefault();
      const [direction, granularity] = extend;
      const byWord = granularity === "character" && (event.ctrlKey || event.altKey);
      document.getSelection()?.modify("extend", direction, byWord ? "word" : granularity);
      return;
    }
    const shortcut = event.ctrlKey || event.metaKey || event.altKey ? undefined : SHORTCUTS[event.key.toLowerCase()];
    if (shortcut) {
      event.preventDefault();
      actions.find(([label]) => label === shortcut)?.[1]();
      return;
    }
    const buttons = items.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next: number | null = null;
    // The items sit in a row; both arrow pairs move, as readers try either.
    if (event.key === "ArrowDown" || event.key === "ArrowRight") next = (index + 1) % buttons.length;
    else if (event.key === "ArrowUp" || event.key === "ArrowLeft") next = (index - 1 + buttons.length) % buttons.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    else if (event.key === "Escape") {
      event.preventDefault();
      onClose({ restoreFocus: true });
      return;
    } else if (event.key === "Tab") {
      // The menu sits at the end of the page: Tab would leave for the browser's toolbar. Back to the text instead.
      event.preventDefault();
      onClose({ restoreFocus: true });
      return;
    }
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
  }

  const actions: [label: string, action: () => void, key: string][] = [
    ["Share as Image", onShare, "S"],
    ["Copy Text", onCopy, "C"],
    ["Highlight", onHighlight, "H"],
    ["Cancel", () => onClose({ restoreFocus: true }), "Escape"],
  ];

  return (
    <div
      ref={menuRef}
      role="menu"
      aria-label="Selected text"
      aria-orientation="horizontal"
      className="selection-menu"
      onKeyDown={onKeyDown}
      // Keeps the text selected (and visible as the quote) while an item is pressed.
      onMouseDown={(event) => event.preventDefault()}
    >
      {actions.map(([label, action, key], index) => (
        <button
          key={label}
          ref={(element) => {
            items.current[index] = element;
          }}
          type="button"
          role="menuitem"
          tabIndex={index === 0 ? 0 : -1}
          className={`selection-menu-item${label === "Cancel" ? " selection-menu-cancel" : ""}`}
          title={`${label} (${key === "Escape" ? "Esc" : key})`}
          aria-keyshortcuts={key}
          onClick={action}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

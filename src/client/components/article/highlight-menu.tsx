import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { MAX_NOTE_LENGTH } from "../../../worker/domain/highlights/selectors";
import type { Highlight, HighlightColor } from "../../api/types";
import { useMenuPlacement } from "../../hooks/article/use-menu-placement";
import type { Box } from "../../lib/text-selection";

export const COLORS: readonly { color: HighlightColor; label: string; key: string }[] = [
  { color: "yellow", label: "Yellow", key: "Y" },
  { color: "green", label: "Green", key: "G" },
  { color: "blue", label: "Blue", key: "B" },
  { color: "pink", label: "Pink", key: "P" },
];

type Action = "note" | "share" | "copy" | "delete";
const ACTION_KEYS: Record<string, Action> = { n: "note", s: "share", c: "copy", d: "delete", delete: "delete" };

/**
 * The menu of a highlight, opened by clicking it or pressing Enter on it: its colour (four swatches), 'Add note' or
 * 'Edit note' (a field under the menu, saved when it loses focus or on Ctrl+Enter), 'Share as Image', 'Copy' and
 * 'Delete'. An ARIA menu like the selection menu: arrow keys, Home and End move, Escape and Tab close it and give
 * focus back to the highlight. Every item has a one-key shortcut, shown in its tooltip: Y, G, B, P for the
 * colours, N, S, C, D (or Delete). It sits beside the highlighted text, never over it.
 */
export function HighlightMenu({
  highlight,
  anchor,
  startWithNote,
  onColor,
  onSaveNote,
  onShare,
  onCopy,
  onDelete,
  onClose,
}: {
  highlight: Highlight;
  /** The highlighted text's box, in page coordinates. */
  anchor: Box;
  /** Open with the note field already open. */
  startWithNote?: boolean;
  onColor: (color: HighlightColor) => void;
  onSaveNote: (note: string | null) => void;
  onShare: () => void;
  onCopy: () => void;
  onDelete: () => void;
  onClose: (options: { restoreFocus: boolean }) => void;
}) {
  const popover = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const [editing, setEditing] = useState(Boolean(startWithNote));
  useMenuPlacement(popover, anchor, editing);

  useEffect(() => {
    if (!startWithNote) items.current[0]?.focus({ preventScroll: true });
  }, [startWithNote]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !popover.current?.contains(event.target)) {
        onClose({ restoreFocus: false });
      }
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [onClose]);

  const run = (action: Action) => {
    if (action === "note") setEditing(true);
    else if (action === "share") onShare();
    else if (action === "copy") onCopy();
    else onDelete();
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const plain = !(event.ctrlKey || event.metaKey || event.altKey);
    const key = event.key.toLowerCase();
    const swatch = plain ? COLORS.find((c) => c.key.toLowerCase() === key) : undefined;
    if (swatch) {
      event.preventDefault();
      onColor(swatch.color);
      return;
    }
    const action = plain ? ACTION_KEYS[key] : undefined;
    if (action) {
      event.preventDefault();
      run(action);
      return;
    }
    const buttons = items.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next: number | null = null;
    if (event.key === "ArrowDown" || event.key === "ArrowRight") next = (index + 1) % buttons.length;
    else if (event.key === "ArrowUp" || event.key === "ArrowLeft") next = (index - 1 + buttons.length) % buttons.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    else if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      onClose({ restoreFocus: true });
      return;
    }
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
  }

  let index = 0;
  const itemRef = (at: number) => (element: HTMLButtonElement | null) => {
    items.current[at] = element;
  };

  return (
    <div ref={popover} className="highlight-popover">
      <div
        role="menu"
        aria-label="Highlight"
        aria-orientation="horizontal"
        className="selection-menu highlight-menu"
        onKeyDown={onKeyDown}
      >
        <div className="highlight-swatches">
          {COLORS.map(({ color, label, key }) => {
            const at = index++;
            return (
              <button
                key={color}
                ref={itemRef(at)}
                type="button"
                role="menuitemradio"
                aria-checked={highlight.color === color}
                aria-label={label}
                title={`${label} (${key})`}
                aria-keyshortcuts={key}
                tabIndex={at === 0 ? 0 : -1}
                className={`highlight-swatch highlight-swatch-${color}`}
                onClick={() => onColor(color)}
              />
            );
          })}
        </div>
        {(
          [
            ["note", highlight.note ? "Edit note" : "Add note", "N"],
            ["share", "Share as Image", "S"],
            ["copy", "Copy", "C"],
            ["delete", "Delete", "D"],
          ] as const
        ).map(([action, label, key]) => {
          const at = index++;
          return (
            <button
              key={action}
              ref={itemRef(at)}
              type="button"
              role="menuitem"
              tabIndex={-1}
              title={`${label} (${key}${action === "delete" ? " or Delete" : ""})`}
              aria-keyshortcuts={action === "delete" ? "D Delete" : key}
              className={`selection-menu-item${action === "delete" ? " highlight-menu-delete" : ""}`}
              onClick={() => run(action)}
            >
              {label}
            </button>
          );
        })}
      </div>
      {editing ? (
        <NoteField
          initial={highlight.note ?? ""}
          onSave={onSaveNote}
          onDone={() => {
            setEditing(false);
            // Back to the item that opened it.
            items.current[COLORS.length]?.focus({ preventScroll: true });
          }}
          onEscape={() => onClose({ restoreFocus: true })}
        />
      ) : null}
    </div>
  );
}

/**
 * The note of a highlight: up to 10,000 characters, saved when the field loses focus, on Ctrl+Enter (⌘+Enter),
 * on Escape and when the menu closes with it open; nothing typed is lost. An empty note removes it.
 */
function NoteField({
  initial,
  onSave,
  onDone,
  onEscape,
}: {
  initial: string;
  onSave: (note: string | null) => void;
  onDone: () => void;
  onEscape: () => void;
}) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState(initial);
  const saved = useRef(initial);
  const latest = useRef(draft);
  latest.current = draft;

  const save = () => {
    const value = latest.current;
    if (value === saved.current) return;
    saved.current = value;
    onSave(value.trim() ? value : null);
  };
  // A click elsewhere closes the menu before the field would hear of its blur.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => () => saveRef.current(), []);

  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  return (
    <div className="highlight-note">
      <label htmlFor={id} className="highlight-note-label">
        Note
      </label>
      <textarea
        ref={field}
        id={id}
        className="highlight-note-field"
        value={draft}
        maxLength={MAX_NOTE_LENGTH}
        rows={3}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            save();
            onDone();
          } else if (event.key === "Escape") {
            event.preventDefault();
            save();
            onEscape();
          }
        }}
      />
      <p className="highlight-note-hint">
        {draft.length > MAX_NOTE_LENGTH * 0.9 ? `${draft.length.toLocaleString("en-US")} / 10,000 · ` : ""}
        Saved as you leave the field · Ctrl+Enter
      </p>
    </div>
  );
}

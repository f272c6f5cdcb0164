/**
 * The keyboard map (issue 50 item 2), in the conventions readers know from Gmail, Readwise Reader and Instapaper.
 * A screen declares its shortcuts as groups (hooks/use-keyboard-shortcuts.tsx); "?" lists the groups of the screen
 * shown. Pure: which key a keydown is, and whether it may be a shortcut at all.
 */

export interface Shortcut {
  /** The keys, as `KeyboardEvent.key` names them ("j", "#", "ArrowRight", "Escape"). */
  keys: readonly string[];
  /** What it does, as the "?" list says it. */
  label: string;
  /** Left out for a key listed here but answered elsewhere (the selection menu's H). */
  run?: () => void;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly Shortcut[];
}

/** How a key is written in the "?" list. */
export function keyLabel(key: string): string {
  const names: Record<string, string> = {
    ArrowRight: "→",
    ArrowLeft: "←",
    ArrowDown: "↓",
    ArrowUp: "↑",
    Escape: "Esc",
    Enter: "Enter",
    " ": "Space",
  };
  return names[key] ?? key;
}

/** The parts of a keydown the decision needs (a plain object in tests). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}

/** Where typing goes: no letter, digit or sign is a shortcut there. */
const TEXT_INPUT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", "number", "date", "time"]);
/** Widgets whose own arrow keys, Enter or Escape move inside them (tabs, menus, radios, sliders, lists). */
const WIDGET_ROLES = "[role=tab],[role=tablist],[role=menu],[role=menuitem],[role=radio],[role=slider],[role=listbox]";

interface ElementLike {
  localName?: string;
  type?: string;
  readOnly?: boolean;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
}

export function isTextField(target: EventTarget | null): boolean {
  const element = target as ElementLike | null;
  if (!element?.localName) return false;
  if (element.isContentEditable) return true;
  if (element.localName === "textarea" || element.localName === "select") return true;
  // A read-only field takes no typing (the dashboard's 'Search with AI' field only opens the search).
  return element.localName === "input" && !element.readOnly && TEXT_INPUT_TYPES.has(element.type || "text");
}

/** Keys a focused control answers itself (Enter on a button, arrows in a radio group or a slider). */
function controlOwnsKey(target: EventTarget | null, key: string): boolean {
  const element = target as ElementLike | null;
  if (!element?.localName) return false;
  const moves = key.startsWith("Arrow") || key === "Enter" || key === " ";
  if (!moves) return false;
  if (["button", "a", "input", "select", "textarea", "summary", "details"].includes(element.localName)) return true;
  return Boolean(element.closest?.(WIDGET_ROLES));
}

/**
 * The key of a keydown that may be a shortcut, or null: never while typing in a field, never with Ctrl, Cmd or Alt
 * (the browser's and the system's own shortcuts), never in the middle of composing a character, and never for a key
 * the focused control answers itself. Shift is allowed: it is how "?" and "#" are typed.
 */
export function shortcutKey(press: KeyPress): string | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.isComposing) return null;
  // Shift with a named key (an arrow, Home, End) extends a selection of the text.
  if (press.shiftKey && press.key.length > 1) return null;
  if (isTextField(press.target)) return null;
  // A menu (the selection's, a highlight's) has one-key shortcuts of its own while it has the focus.
  if ((press.target as ElementLike | null)?.closest?.("[role=menu]")) return null;
  if (controlOwnsKey(press.target, press.key)) return null;
  return press.key.length === 1 ? press.key.toLowerCase() : press.key;
}

const sameKey = (listed: string, pressed: string) => (listed.length === 1 ? listed.toLowerCase() : listed) === pressed;

/** The shortcut of the groups (first group first) that a key runs. */
export function findShortcut(groups: readonly ShortcutGroup[], key: string): Shortcut | undefined {
  for (const group of groups) {
    const found = group.shortcuts.find((shortcut) => shortcut.run && shortcut.keys.some((k) => sameKey(k, key)));
    if (found) return found;
  }
  return undefined;
}

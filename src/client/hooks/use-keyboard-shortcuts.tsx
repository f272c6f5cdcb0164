import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { ShortcutsDialog } from "../components/shortcuts-dialog";
import { findShortcut, type ShortcutGroup, shortcutKey } from "../lib/keyboard-shortcuts";

interface ShortcutsValue {
  register(id: string, group: ShortcutGroup): void;
  unregister(id: string): void;
  /** Opens the list of the shown screen's shortcuts (as "?" does). */
  showHelp(): void;
}

const ShortcutsContext = createContext<ShortcutsValue | null>(null);

/** The id of the group every signed-in screen registers (components/keyboard-access.tsx). */
export const EVERYWHERE = "everywhere";

/** A modal dialog is open (confirm, search, share, the "?" list): the screen behind it takes no shortcuts. */
function modalIsOpen(): boolean {
  if (document.querySelector("dialog[open]")) return true;
  // A closed <dialog> may carry aria-modal too (the confirm dialog): only one that is shown counts.
  return [...document.querySelectorAll("[aria-modal='true']:not(dialog)")].some((e) => e.getClientRects().length > 0);
}

/**
 * Listens for the keyboard map's keys on the whole page and runs the shortcut of the screen shown (issue 50 item 2):
 * screens register their groups with `useShortcuts`, and "?" opens the list of every shortcut registered now. One
 * listener for the app, so a key never runs two things, and the "?" list is always what the keys do.
 */
export function KeyboardShortcutsProvider({ children }: { children: ReactNode }) {
  const groups = useRef(new Map<string, ShortcutGroup>());
  const [helpGroups, setHelpGroups] = useState<ShortcutGroup[] | null>(null);

  // The screen's own groups first, then what works everywhere.
  const showHelp = useCallback(
    () =>
      setHelpGroups(
        [...groups.current.entries()]
          .sort(([a], [b]) => Number(a === EVERYWHERE) - Number(b === EVERYWHERE))
          .map(([, group]) => group),
      ),
    [],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || groups.current.size === 0 || modalIsOpen()) return;
      const key = shortcutKey(event);
      if (key === null) return;
      if (key === "?") {
        event.preventDefault();
        showHelp();
        return;
      }
      const shortcut = findShortcut([...groups.current.values()], key);
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run?.();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [showHelp]);

  const value = useMemo<ShortcutsValue>(
    () => ({
      register: (id, group) => groups.current.set(id, group),
      unregister: (id) => groups.current.delete(id),
      showHelp,
    }),
    [showHelp],
  );

  return (
    <ShortcutsContext.Provider value={value}>
      {children}
      {helpGroups ? <ShortcutsDialog groups={helpGroups} onClose={() => setHelpGroups(null)} /> : null}
    </ShortcutsContext.Provider>
  );
}

function useShortcutsContext(): ShortcutsValue {
  const value = useContext(ShortcutsContext);
  if (!value) throw new Error("useShortcuts outside KeyboardShortcutsProvider");
  return value;
}

/**
 * Registers a group of shortcuts while the calling screen is shown. The group is read when a key is pressed, so
 * its functions always see the screen's current state (a new group object each render is fine).
 */
export function useShortcuts(id: string, group: ShortcutGroup): void {
  const { register, unregister } = useShortcutsContext();
  useEffect(() => {
    register(id, group);
  });
  useEffect(() => () => unregister(id), [id, unregister]);
}

/** Opens the "?" list from a button (the keyboard map is discoverable without knowing "?"). */
export function useShowShortcuts(): () => void {
  return useShortcutsContext().showHelp;
}

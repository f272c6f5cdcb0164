import { useLocation, useNavigate } from "react-router";
import { EVERYWHERE, useShortcuts, useShowShortcuts } from "../hooks/use-keyboard-shortcuts";
import { askLibrary, type LibraryIntent } from "../lib/library-intent";

/**
 * "Skip to content": the first Tab stop of every signed-in screen (issue 50 item 2). It moves the focus past the
 * header to what the screen is for: the card under the keyboard cursor on the dashboard (the element marked
 * `data-skip-target`), else the screen's heading. A link that changes no route: the app's routes are in the hash.
 */
export function SkipLink() {
  function skip(event: React.MouseEvent) {
    event.preventDefault();
    const main = document.getElementById("main");
    const target =
      main?.querySelector<HTMLElement>("[data-skip-target]") ?? main?.querySelector<HTMLElement>("h1") ?? main;
    if (!target) return;
    if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) target.setAttribute("tabindex", "-1");
    target.focus();
  }
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to readers; its href cannot be followed as is, since the app's routes live in the hash
    <a href="#main" className="skip-link" onClick={skip}>
      Skip to content
    </a>
  );
}

/** The shortcuts of every signed-in screen: to the library's search, add box and AI search, and the "?" list. */
export function useEverywhereShortcuts() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const showHelp = useShowShortcuts();
  const toLibrary = (intent: LibraryIntent) => () => {
    askLibrary(intent);
    if (pathname !== "/dashboard") navigate("/dashboard");
  };
  useShortcuts(EVERYWHERE, {
    title: "Everywhere",
    shortcuts: [
      { keys: ["/"], label: "Search the library", run: toLibrary("search") },
      { keys: ["a"], label: "Add a link", run: toLibrary("add") },
      { keys: ["s"], label: "Search with AI", run: toLibrary("ai-search") },
      { keys: ["?"], label: "Show the keyboard shortcuts", run: showHelp },
    ],
  });
}

/** A button in the header that opens the "?" list, for readers who do not know the key. */
export function ShortcutsButton() {
  const showHelp = useShowShortcuts();
  return (
    <button type="button" className="button button-secondary shortcuts-button" onClick={showHelp} aria-keyshortcuts="?">
      <span aria-hidden="true">?</span>
      <span className="visually-hidden">Keyboard shortcuts</span>
    </button>
  );
}

import type { FeedItem } from "../../api/feeds";
import type { Shortcut } from "../../lib/keyboard-shortcuts";
import { useShortcuts } from "../use-keyboard-shortcuts";

interface FeedKeyboardOptions {
  items: FeedItem[];
  current: FeedItem | undefined;
  setCurrent(id: number): void;
  toggleOpen(item: FeedItem): void;
  toggleSeen(item: FeedItem): void;
  save(item: FeedItem): void;
  markSeenUpTo(item: FeedItem): void;
}

/**
 * The Feed's keys: the Library's map where the action is the same (j/k move, o/Enter open, m seen or unseen, e
 * seen), L to save the item to the Library and X to mark all as seen up to here (letters only: the keyboard map
 * reads Shift+letter as the letter). Registered while the Feed is shown; "?" lists them.
 */
export function useFeedKeyboard({
  items,
  current,
  setCurrent,
  toggleOpen,
  toggleSeen,
  save,
  markSeenUpTo,
}: FeedKeyboardOptions) {
  const move = (step: 1 | -1) => {
    if (items.length === 0) return;
    // As in the Library: from outside the list the first press lands on the cursor's item; inside, it moves.
    const inside = Boolean(document.activeElement?.closest(".feed-list"));
    const index = current ? items.indexOf(current) : 0;
    const next = inside ? items[Math.min(items.length - 1, Math.max(0, index + step))] : (current ?? items[0]);
    if (!next) return;
    setCurrent(next.id);
    const row = document.querySelector<HTMLElement>(`li[data-item-id="${next.id}"]`);
    row?.querySelector<HTMLElement>(".feed-item-title")?.focus();
    row?.scrollIntoView({ block: "nearest" });
  };
  const onCurrent = (action: (item: FeedItem) => void) => () => {
    if (current) action(current);
  };
  const shortcuts: Shortcut[] = [
    { keys: ["j"], label: "Next item", run: () => move(1) },
    { keys: ["k"], label: "Previous item", run: () => move(-1) },
    { keys: ["o", "Enter"], label: "Open or close the item", run: onCurrent(toggleOpen) },
    { keys: ["m"], label: "Mark as seen or unseen", run: onCurrent(toggleSeen) },
    { keys: ["e"], label: "Mark as seen", run: onCurrent((item) => item.seen || toggleSeen(item)) },
    { keys: ["l"], label: "Save to Library", run: onCurrent((item) => item.article_id === null && save(item)) },
    { keys: ["x"], label: "Mark all as seen up to here", run: onCurrent(markSeenUpTo) },
  ];
  useShortcuts("feed", { title: "Feed", shortcuts });
}

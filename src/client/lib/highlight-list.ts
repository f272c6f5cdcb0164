/**
 * Lists of highlights (issue 32): the viewer's panel (reading order, and those no longer in the text apart) and
 * the library screen (newest first, grouped by article). Pure, so the ordering rules are tested without a browser.
 */
import type { Highlight, HighlightColor, HighlightTarget, LibraryHighlight, LibraryNote } from "../api/types";

export const HIGHLIGHT_COLORS: readonly HighlightColor[] = ["yellow", "green", "blue", "pink"];

export const COLOR_NAMES: Record<HighlightColor, string> = {
  yellow: "Yellow",
  green: "Green",
  blue: "Blue",
  pink: "Pink",
};

const TARGET_ORDER: Record<HighlightTarget, number> = { title: 0, summary: 1, content: 2 };

/** The viewer tab a highlight's text is in; the title is above the tabs, always shown. */
export function tabOfTarget(target: HighlightTarget): "summary" | "content" | null {
  return target === "title" ? null : target;
}

function startOf(highlight: Highlight): number {
  const position = highlight.selectors.find((s) => s.type === "TextPositionSelector");
  return position && "start" in position ? position.start : Number.MAX_SAFE_INTEGER;
}

/** Reading order: the title, then the summary, then the content, each by where the passage starts. */
export function inReadingOrder<T extends Highlight>(highlights: readonly T[]): T[] {
  return [...highlights].sort(
    (a, b) => TARGET_ORDER[a.target] - TARGET_ORDER[b.target] || startOf(a) - startOf(b) || a.id - b.id,
  );
}

/** The panel's two groups: highlights in the text (reading order) and those no longer in it, never dropped. */
export function panelGroups<T extends Highlight>(highlights: readonly T[]): { inText: T[]; orphaned: T[] } {
  const ordered = inReadingOrder(highlights);
  return {
    inText: ordered.filter((h) => h.anchor_status !== "orphaned"),
    orphaned: ordered.filter((h) => h.anchor_status === "orphaned"),
  };
}

export interface ArticleGroup {
  article: LibraryHighlight["article"];
  highlights: LibraryHighlight[];
  /** The article's own note, shown beside its highlights (issue 50); absent when it has none. */
  note?: string | null;
}

/**
 * Newest first, grouped by article: an article's group stands where its newest loaded highlight is, and holds
 * all of its loaded highlights (newest first), so a later page adds to a group already shown instead of
 * repeating its heading.
 */
export function groupByArticle(highlights: readonly LibraryHighlight[]): ArticleGroup[] {
  const groups = new Map<number, ArticleGroup>();
  for (const highlight of highlights) {
    const group = groups.get(highlight.article.id);
    if (group) group.highlights.push(highlight);
    else groups.set(highlight.article.id, { article: highlight.article, highlights: [highlight] });
  }
  return [...groups.values()];
}

/**
 * The highlights page's groups with the articles' notes beside them (issue 50): a note joins its article's group
 * (or the note the highlight carries is used); an article with a note and no highlight loaded gets a group of its
 * own, standing where its note's time puts it among the others (each group by its newest highlight).
 */
export function groupsWithNotes(
  highlights: readonly LibraryHighlight[],
  notes: readonly LibraryNote[],
): ArticleGroup[] {
  const timed: { group: ArticleGroup; at: number }[] = groupByArticle(highlights).map((group) => ({
    group: { ...group, note: group.article.note?.trim() ? group.article.note : null },
    at: Date.parse(group.highlights[0]?.created_at ?? "") || 0,
  }));
  const byArticle = new Map(timed.map(({ group }) => [group.article.id, group]));
  for (const { article, note, note_updated_at } of notes) {
    const group = byArticle.get(article.id);
    if (group) {
      group.note = note;
      continue;
    }
    const alone: ArticleGroup = { article: { ...article, note }, highlights: [], note };
    byArticle.set(article.id, alone);
    timed.push({ group: alone, at: Date.parse(note_updated_at) || 0 });
  }
  return timed.sort((a, b) => b.at - a.at).map(({ group }) => group);
}

/** "3 highlights", "1 highlight". */
export function highlightCountLabel(count: number): string {
  return count === 1 ? "1 highlight" : `${count.toLocaleString("en-US")} highlights`;
}

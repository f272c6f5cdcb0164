import type { Highlight, HighlightTarget } from "../api/types";

/**
 * Where each highlight of an article was found in the rendered viewer, as the viewer last drew them
 * (hooks/article/use-highlight-layer.ts): `anchored` at characters [start, end) of its part's text, or
 * `orphaned` when its quote is no longer there (not drawn; listed as "no longer in the text"). A highlight whose
 * part is not on screen (no summary yet, content still being extracted) has no placement.
 *
 * A small store outside React state: the drawing happens after render, and the panel that lists highlights reads
 * it through `useArticleHighlights` (queries/highlights.ts) without re-rendering the article.
 */
export type Placement = { status: "anchored"; start: number; end: number } | { status: "orphaned" };

type Listener = () => void;

const byArticle = new Map<number, Map<HighlightTarget, ReadonlyMap<number, Placement>>>();
const snapshots = new Map<number, ReadonlyMap<number, Placement>>();
const listeners = new Set<Listener>();
const EMPTY: ReadonlyMap<number, Placement> = new Map();

/** Replaces what is known of one part of an article (its container was drawn, or went away: `null`). */
export function reportPlacements(
  articleId: number,
  target: HighlightTarget,
  placements: ReadonlyMap<number, Placement> | null,
): void {
  const targets = byArticle.get(articleId) ?? new Map<HighlightTarget, ReadonlyMap<number, Placement>>();
  const before = targets.get(target);
  if (placements === null) {
    if (!before) return;
    targets.delete(target);
  } else {
    if (before && samePlacements(before, placements)) return;
    targets.set(target, placements);
  }
  byArticle.set(articleId, targets);
  const merged = new Map<number, Placement>();
  for (const part of targets.values()) for (const [id, placement] of part) merged.set(id, placement);
  snapshots.set(articleId, merged);
  for (const listener of listeners) listener();
}

function samePlacements(a: ReadonlyMap<number, Placement>, b: ReadonlyMap<number, Placement>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, placement] of a) {
    const other = b.get(id);
    if (!other || other.status !== placement.status) return false;
    if (placement.status === "anchored" && other.status === "anchored") {
      if (placement.start !== other.start || placement.end !== other.end) return false;
    }
  }
  return true;
}

/** The placements of an article's highlights; the same object until they change (for useSyncExternalStore). */
export function placementsOf(articleId: number): ReadonlyMap<number, Placement> {
  return snapshots.get(articleId) ?? EMPTY;
}

export function subscribePlacements(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const TARGET_ORDER: Record<HighlightTarget, number> = { title: 0, summary: 1, content: 2 };

function positionOf(highlight: Highlight): number {
  const position = highlight.selectors.find((selector) => selector.type === "TextPositionSelector");
  return position && position.type === "TextPositionSelector" ? position.start : Number.MAX_SAFE_INTEGER;
}

/**
 * Reading order: the title, then the summary, then the content (as the viewer shows them), each by where the
 * highlight is in the text now (its placement), else where it was stored; the older first at the same place.
 */
export function inReadingOrder(highlights: readonly Highlight[], placements: ReadonlyMap<number, Placement>) {
  const start = (highlight: Highlight) => {
    const placement = placements.get(highlight.id);
    return placement?.status === "anchored" ? placement.start : positionOf(highlight);
  };
  return [...highlights].sort(
    (a, b) =>
      TARGET_ORDER[a.target] - TARGET_ORDER[b.target] ||
      start(a) - start(b) ||
      a.created_at.localeCompare(b.created_at) ||
      a.id - b.id,
  );
}

/**
 * Whether a highlight is "no longer in the text": the viewer looked for it in its part and did not find it, or,
 * before the viewer has drawn that part, the server says so.
 */
export function isOrphaned(highlight: Highlight, placements: ReadonlyMap<number, Placement>): boolean {
  const placement = placements.get(highlight.id);
  return placement ? placement.status === "orphaned" : highlight.anchor_status === "orphaned";
}

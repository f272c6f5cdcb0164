/** The parts of an article a highlight can be in: each has its own text (see article-text.ts). */
export const HIGHLIGHT_TARGETS = ["content", "summary", "title"] as const;
export type HighlightTarget = (typeof HIGHLIGHT_TARGETS)[number];
/** Yellow is the default, as in every reader app users come from. */
export const HIGHLIGHT_COLORS = ["yellow", "green", "blue", "pink"] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];
/** anchored: found in the current text; orphaned: no longer in the text (kept, listed); pending: no text yet. */
export const ANCHOR_STATUSES = ["anchored", "orphaned", "pending"] as const;
export type AnchorStatus = (typeof ANCHOR_STATUSES)[number];

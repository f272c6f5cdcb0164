import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useSyncExternalStore } from "react";
import { ApiError } from "../api/client";
import { highlightsApi, type NewHighlight } from "../api/highlights";
import type { Highlight, HighlightColor, HighlightTarget, TextPositionSelector, TextQuoteSelector } from "../api/types";
import { useToast } from "../hooks/use-toast";
import { newClientId } from "../lib/client-id";
import { sameHighlight } from "../lib/highlight-anchoring";
import { type EditedField, EditLog } from "../lib/highlight-edits";
import {
  inReadingOrder,
  isOrphaned,
  type Placement,
  placementsOf,
  subscribePlacements,
} from "../lib/highlight-placements";
import { articleKeys } from "./articles";
import { retryWhileShown } from "./query-client";

export const highlightKeys = {
  all: ["highlights"] as const,
  articles: () => [...highlightKeys.all, "article"] as const,
  article: (articleId: number) => [...highlightKeys.articles(), articleId] as const,
  libraries: () => [...highlightKeys.all, "library"] as const,
};

type ArticleHighlightsData = { highlights: Highlight[] };

/** The article's highlights as the server has them (plus the ones being saved), in the order they came. */
export function useArticleHighlightsQuery(articleId: number) {
  const client = useQueryClient();
  const queryKey = highlightKeys.article(articleId);
  return useQuery({
    queryKey,
    queryFn: () => highlightsApi.ofArticle(articleId),
    enabled: Number.isSafeInteger(articleId) && articleId > 0,
    retry: retryWhileShown(client, queryKey),
  });
}

export interface ArticleHighlights {
  /** Every highlight of the article in reading order: title, summary, content, each by place in the text. */
  highlights: Highlight[];
  /** Where the viewer found each one it has drawn or looked for (lib/highlight-placements.ts). */
  placements: ReadonlyMap<number, Placement>;
  /** Drawn in the text now. */
  anchored: Highlight[];
  /** "No longer in the text": looked for and not found (or the server says so, before the viewer has looked). */
  orphaned: Highlight[];
  isLoading: boolean;
  error: Error | null;
}

/**
 * An article's highlights with where the viewer found them: for lists of highlights beside the text (the panel),
 * which also show the ones that are no longer in it. A highlight's first drawn piece in the page is
 * `mark[data-highlight-id="<id>"][tabindex="0"]` (hooks/article/use-highlight-layer.ts).
 */
export function useArticleHighlights(articleId: number): ArticleHighlights {
  const query = useArticleHighlightsQuery(articleId);
  const placements = useSyncExternalStore(subscribePlacements, () => placementsOf(articleId));
  const data = query.data?.highlights;
  return useMemo(() => {
    const highlights = inReadingOrder(data ?? [], placements);
    return {
      highlights,
      placements,
      anchored: highlights.filter((highlight) => placements.get(highlight.id)?.status === "anchored"),
      orphaned: highlights.filter((highlight) => isOrphaned(highlight, placements)),
      isLoading: query.isLoading,
      error: query.error,
    };
  }, [data, placements, query.isLoading, query.error]);
}

/** What the reader chose to highlight: the part, the colour and the W3C selectors of the passage. */
export interface HighlightDraft {
  target: HighlightTarget;
  color: HighlightColor;
  note?: string | null;
  selectors: [TextQuoteSelector, TextPositionSelector] | [TextQuoteSelector];
}

/**
 * Highlights shown before the server has answered have a negative id; a change to one waits for its creation.
 * Kept for the page's life (a few entries): a menu opened on the shown highlight may act after the answer came.
 */
const creations = new Map<number, Promise<Highlight>>();
let lastTemporaryId = 0;
const edits = new EditLog();

const failure = (error: unknown, fallback: string) => (error instanceof Error && error.message) || fallback;

function draftOf(highlight: Highlight): HighlightDraft {
  const quote = highlight.selectors.find((s): s is TextQuoteSelector => s.type === "TextQuoteSelector") ?? {
    type: "TextQuoteSelector" as const,
    exact: highlight.quote,
    prefix: "",
    suffix: "",
  };
  const position = highlight.selectors.find((s): s is TextPositionSelector => s.type === "TextPositionSelector");
  return {
    target: highlight.target,
    color: highlight.color,
    note: highlight.note,
    selectors: position ? [quote, position] : [quote],
  };
}

function afterChange(client: QueryClient) {
  // The library screen and the cards' highlight counts.
  void client.invalidateQueries({ queryKey: highlightKeys.libraries() });
  void client.invalidateQueries({ queryKey: articleKeys.lists() });
}

/**
 * Creating, recolouring, noting and deleting an article's highlights. Each change shows at once (optimistic) and
 * is put back, with the server's message, if the server refuses it. Every creation carries a new `client_id`,
 * so a write sent again (a retry, the offline queue in api/highlights.ts) stores one highlight.
 */
export function useHighlightActions(articleId: number) {
  const client = useQueryClient();
  const toast = useToast();
  return useMemo(() => {
    const queryKey = highlightKeys.article(articleId);
    const edit = (change: (list: Highlight[]) => Highlight[]) =>
      client.setQueryData<ArticleHighlightsData>(queryKey, (data) => ({ highlights: change(data?.highlights ?? []) }));
    const current = (highlight: Highlight) =>
      client.getQueryData<ArticleHighlightsData>(queryKey)?.highlights.find((h) => sameHighlight(h, highlight));

    async function savedId(highlight: Highlight): Promise<number> {
      if (highlight.id > 0) return highlight.id;
      // A highlight made offline has the queue's temporary id, which highlightsApi maps to the server's.
      const creation = creations.get(highlight.id);
      return creation ? (await creation).id : highlight.id;
    }

    /** Shows the highlight at once and saves it; returns the highlight as shown (a temporary negative id). */
    function create(draft: HighlightDraft): Highlight {
      const clientId = newClientId();
      const now = new Date().toISOString();
      const [quote] = draft.selectors;
      lastTemporaryId -= 1;
      const shown: Highlight = {
        id: lastTemporaryId,
        article_id: articleId,
        target: draft.target,
        quote: quote.exact,
        color: draft.color,
        note: draft.note ?? null,
        anchor_status: "anchored",
        selectors: draft.selectors,
        client_id: clientId,
        created_at: now,
        updated_at: now,
      };
      // A load already on its way would answer without it.
      void client.cancelQueries({ queryKey });
      edit((list) => [...list, shown]);
      const body: NewHighlight = { ...draft, note: draft.note ?? null, client_id: clientId };
      const creation = highlightsApi.create(articleId, body);
      creations.set(shown.id, creation);
      creation.then(
        (saved) => {
          // A colour or note chosen while it was being saved is on its way to the server after this answer.
          edit((list) => list.map((h) => (sameHighlight(h, shown) ? { ...saved, color: h.color, note: h.note } : h)));
          afterChange(client);
        },
        (error) => {
          edit((list) => list.filter((h) => !sameHighlight(h, shown)));
          toast.error(failure(error, "Failed to save the highlight"));
        },
      );
      return shown;
    }

    /** A new colour or note: the reader's time goes with it, so the newest write wins (docs/reading.md). */
    async function update(highlight: Highlight, patch: { color?: HighlightColor; note?: string | null }) {
      const before = current(highlight);
      const writtenAt = Date.now();
      const fields = new Set((Object.keys(patch) as EditedField[]).filter((field) => patch[field] !== undefined));
      edits.record(before ?? highlight, fields, writtenAt);
      edit((list) => list.map((h) => (sameHighlight(h, highlight) ? { ...h, ...patch } : h)));
      try {
        const id = await savedId(highlight);
        const saved = await highlightsApi.update(id, { ...patch, client_updated_at: writtenAt });
        // A colour answered after the note was typed must not take the note away, nor an older note's answer
        // put it back: see EditLog.
        edit((list) => list.map((h) => (sameHighlight(h, saved) ? edits.answered(h, saved, fields, writtenAt) : h)));
        afterChange(client);
        return true;
      } catch (error) {
        if (before) {
          // Only what this edit changed goes back.
          edit((list) =>
            list.map((h) => (sameHighlight(h, highlight) ? edits.refused(h, before, fields, writtenAt) : h)),
          );
        }
        toast.error(failure(error, "Failed to update the highlight"));
        return false;
      }
    }

    /** Deletes it at once; the toast's 'Undo' creates it again with the same selectors, colour and note. */
    async function remove(highlight: Highlight) {
      const before = current(highlight) ?? highlight;
      edit((list) => list.filter((h) => !sameHighlight(h, highlight)));
      toast.success("Highlight deleted", undefined, { label: "Undo", onAction: () => create(draftOf(before)) });
      try {
        await highlightsApi.remove(await savedId(highlight));
        afterChange(client);
        return true;
      } catch (error) {
        // Already gone (deleted on another device): what the reader wanted.
        if (error instanceof ApiError && error.status === 404) return true;
        edit((list) => (list.some((h) => sameHighlight(h, before)) ? list : [...list, before]));
        toast.error(failure(error, "Failed to delete the highlight"));
        return false;
      }
    }

    return { create, update, remove };
  }, [client, toast, articleId]);
}

export type HighlightActions = ReturnType<typeof useHighlightActions>;

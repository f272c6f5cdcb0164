import { useCallback, useEffect, useRef, useState } from "react";
import { articlesApi } from "../../api/articles";
import type { Feedback } from "../../api/types";
import { useToast } from "../use-toast";

export type Rating = Feedback["feedback_value"];

/**
 * The reader's rating of one article (-1 poor, 0 alright, 1 good): loaded once, set optimistically, reverted
 * with an error toast on failure, one request at a time (spec §4).
 */
export function useFeedback(articleId: number) {
  const toast = useToast();
  const [rating, setRating] = useState<Rating | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  /** Set by the first click: from then on the reader's choice, not the loaded value, is the rating. */
  const ratedRef = useRef(false);

  useEffect(() => {
    let cancelled = false;
    // Another article: its own stored rating applies until the reader clicks.
    ratedRef.current = false;
    articlesApi.getFeedback(articleId).then(
      (feedback) => {
        if (cancelled) return;
        // A click made while the rating loaded wins over the stored value, even when its request has already
        // finished: the load may have been answered before the click was saved.
        if (!ratedRef.current) setRating(feedback?.feedback_value ?? null);
        setLoaded(true);
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn("Could not load the article's rating", error);
        setLoaded(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [articleId]);

  const rate = useCallback(
    async (value: Rating) => {
      if (savingRef.current || value === rating) return;
      const previous = rating;
      ratedRef.current = true;
      savingRef.current = true;
      setSaving(true);
      setRating(value);
      try {
        const saved = await articlesApi.setFeedback(articleId, value);
        setRating(saved.feedback_value);
      } catch (error) {
        setRating(previous);
        toast.error(error instanceof Error ? error.message : "Failed to create article feedback");
      } finally {
        savingRef.current = false;
        setSaving(false);
      }
    },
    [articleId, rating, toast],
  );

  return { rating, loaded, saving, rate };
}

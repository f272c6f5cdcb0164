import { useCallback, useEffect, useState } from "react";
import { articlesApi } from "../../api/articles";
import { ApiError } from "../../api/client";
import type { Article, ProcessingStatus } from "../../api/types";
import { backoffDelay } from "../../lib/backoff";
import { onJobResult } from "./article-jobs";

/** The viewer checks an unfinished article this often (spec §2 'Poll the article every 3 s'). */
export const ARTICLE_POLL_MS = 3_000;

const IN_PROGRESS: ReadonlySet<ProcessingStatus> = new Set(["pending", "processing", "retrying"]);

export function isInProgress(article: Pick<Article, "processing_status">): boolean {
  return IN_PROGRESS.has(article.processing_status);
}

export type ArticleState =
  | { status: "loading" }
  | { status: "ready"; article: Article }
  | { status: "error"; error: ApiError | Error; notFound: boolean };

/** Newer than what is shown? Equal times with another status count too (two writes within one millisecond). */
function isNewer(next: Article, current: Article): boolean {
  const nextAt = Date.parse(next.updated_at);
  const currentAt = Date.parse(current.updated_at);
  if (Number.isNaN(nextAt) || Number.isNaN(currentAt)) return true;
  if (nextAt !== currentAt) return nextAt > currentAt;
  return next.processing_status !== current.processing_status || next.is_read !== current.is_read;
}

/**
 * One article for the viewer: loaded once, polled every 3 s while it is unfinished (or while `alsoPollWhile`,
 * e.g. a re-fetch the server has just queued), and updated by the results of the long jobs. Polling failures
 * are only logged and back off (spec §4).
 */
export function useArticle(id: number, { alsoPollWhile = false }: { alsoPollWhile?: boolean } = {}) {
  const [state, setState] = useState<ArticleState>({ status: "loading" });

  /** Replaces the shown article unless `article` is older (a slow poll answering after a newer write). */
  const accept = useCallback((article: Article, { force = false } = {}) => {
    setState((current) => {
      if (!force && current.status === "ready" && !isNewer(article, current.article)) return current;
      return { status: "ready", article };
    });
  }, []);

  useEffect(() => {
    let cancelled = false;
    if (!Number.isSafeInteger(id) || id <= 0) {
      setState({ status: "error", error: new ApiError(404, "Article not found"), notFound: true });
      return;
    }
    setState({ status: "loading" });
    articlesApi.get(id).then(
      (article) => {
        if (!cancelled) setState({ status: "ready", article });
      },
      (error: unknown) => {
        if (cancelled) return;
        const failure = error instanceof Error ? error : new Error("Failed to fetch article");
        setState({ status: "error", error: failure, notFound: failure instanceof ApiError && failure.status === 404 });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id]);

  useEffect(() => onJobResult(id, (article) => accept(article, { force: true })), [id, accept]);

  const shouldPoll = state.status === "ready" && (isInProgress(state.article) || alsoPollWhile);

  useEffect(() => {
    if (!shouldPoll) return;
    let cancelled = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const article = await articlesApi.get(id);
        if (cancelled) return;
        failures = 0;
        accept(article);
      } catch (error) {
        if (cancelled) return;
        failures += 1;
        console.warn("Polling the article failed", error);
      }
      if (!cancelled) timer = setTimeout(tick, failures ? backoffDelay(failures) : ARTICLE_POLL_MS);
    };
    timer = setTimeout(tick, ARTICLE_POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [id, shouldPoll, accept]);

  return { state, article: state.status === "ready" ? state.article : null, accept };
}

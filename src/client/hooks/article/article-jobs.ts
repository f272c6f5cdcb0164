import { useCallback, useSyncExternalStore } from "react";
import { articlesApi } from "../../api/articles";
import { ApiError } from "../../api/client";
import type { Article } from "../../api/types";
import { invalidateStats } from "../../lib/stats-cache";
import { useToast } from "../use-toast";

/**
 * The viewer's long jobs: re-summarising (up to 120 s) and re-fetching (up to 300 s). They live outside any
 * component, so the reader may leave the page while one runs: the request carries on, its toast still appears,
 * and a viewer open on that article (now or later) shows the job as running and takes its result.
 */
export type ArticleJobKind = "summary" | "content";

type Toasts = ReturnType<typeof useToast>;

const running = new Set<string>();
const changeListeners = new Set<() => void>();
const resultListeners = new Map<number, Set<(article: Article) => void>>();

const jobKey = (kind: ArticleJobKind, id: number) => `${kind}:${id}`;

function changed() {
  for (const listener of changeListeners) listener();
}

function publish(article: Article) {
  for (const listener of resultListeners.get(article.id) ?? []) listener(article);
}

export function isJobRunning(kind: ArticleJobKind, id: number): boolean {
  return running.has(jobKey(kind, id));
}

/** Called with the article each job of `id` returns; the result is fresher than anything on screen. */
export function onJobResult(id: number, listener: (article: Article) => void): () => void {
  const listeners = resultListeners.get(id) ?? new Set();
  listeners.add(listener);
  resultListeners.set(id, listeners);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) resultListeners.delete(id);
  };
}

/** The failure text: the server's detail, else the viewer's own wording (spec §8). */
function failureMessage(error: unknown, callDefault: string, viewerDefault: string): string {
  if (error instanceof ApiError && error.message && error.message !== callDefault) return error.message;
  return viewerDefault;
}

const JOBS: Record<
  ArticleJobKind,
  {
    call: (id: number) => Promise<Article>;
    started: string;
    callDefault: string;
    viewerDefault: string;
    report: (article: Article, toast: Toasts) => void;
  }
> = {
  summary: {
    call: articlesApi.regenerateSummary,
    started: "Regenerating summary. This may take 30-120 seconds",
    callDefault: "Failed to regenerate summary",
    viewerDefault: "Failed to regenerate summary",
    report: (article, toast) => {
      if (article.summary) toast.success("Summary regenerated!");
      else toast.error("Failed to regenerate summary");
    },
  },
  content: {
    call: articlesApi.refetchContent,
    started: "Re-fetching content. This may take 1-5 minutes",
    callDefault: "Failed to refetch article content",
    viewerDefault: "Failed to refetch content",
    report: (article, toast) => {
      if (article.processing_status === "completed") toast.success("Content re-fetched!");
      else if (article.processing_status === "failed") {
        toast.error(
          article.processing_error
            ? `Failed to refetch content: ${article.processing_error}`
            : "Failed to refetch content",
        );
      } else toast.info("Content is still being processed. This page updates when it is done.");
    },
  },
};

/** Starts a job unless the same one already runs for this article. */
export function startArticleJob(kind: ArticleJobKind, id: number, toast: Toasts): void {
  const key = jobKey(kind, id);
  if (running.has(key)) return;
  const job = JOBS[kind];
  running.add(key);
  changed();
  toast.info(job.started);
  job
    .call(id)
    .then((article) => {
      publish(article);
      job.report(article, toast);
      // Re-fetching moves the article through the processing counts of the statistics.
      if (kind === "content") invalidateStats();
    })
    .catch((error: unknown) => {
      toast.error(failureMessage(error, job.callDefault, job.viewerDefault));
    })
    .finally(() => {
      running.delete(key);
      changed();
    });
}

function subscribe(listener: () => void) {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Whether each job runs for article `id`, and a starter bound to the page's toasts. */
export function useArticleJobs(id: number) {
  const toast = useToast();
  const summaryRunning = useSyncExternalStore(subscribe, () => isJobRunning("summary", id));
  const contentRunning = useSyncExternalStore(subscribe, () => isJobRunning("content", id));
  const start = useCallback((kind: ArticleJobKind) => startArticleJob(kind, id, toast), [id, toast]);
  return { summaryRunning, contentRunning, start };
}

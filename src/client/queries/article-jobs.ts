import { type QueryClient, useIsMutating, useMutation, useQueryClient } from "@tanstack/react-query";
import { articlesApi } from "../api/articles";
import { ApiError } from "../api/client";
import type { Article, ArticleList } from "../api/types";
import { useToast } from "../hooks/use-toast";
import { isUnfinished } from "../lib/article-order";
import { articleKeys, invalidateLibrary, storeArticle } from "./articles";

/**
 * The viewer's long jobs on an article: re-summarising (up to 120 s) and re-fetching (up to 300 s), as
 * mutations. They belong to the query client, not to a component: the reader may leave the page while one
 * runs; the request carries on, its toasts still appear, and a viewer open on that article (now or later) shows
 * the job as running.
 */
export type ArticleJobKind = "summary" | "content";

type Toasts = ReturnType<typeof useToast>;

export const articleJobKey = (kind: ArticleJobKind, id: number) => ["article-job", kind, id] as const;

const STARTED: Record<ArticleJobKind, string> = {
  summary: "Regenerating summary. This may take 30-120 seconds",
  content: "Re-fetching content. This may take 1-5 minutes",
};

/** The failure text: the server's detail, else the viewer's own wording (spec §8). */
function failureMessage(error: unknown, callDefault: string, viewerDefault: string): string {
  if (error instanceof ApiError && error.message && error.message !== callDefault) return error.message;
  return viewerDefault;
}

/** The article `id` as one cached query holds it: its viewer query, or a dashboard page listing it. */
function articleIn(queryKey: readonly unknown[], data: unknown, id: number): Article | undefined {
  if (queryKey[0] !== articleKeys.all[0] || !data) return undefined;
  if (queryKey[1] === "detail" && queryKey[2] === id) return data as Article;
  if (queryKey[1] === "list") return (data as ArticleList).articles.find((a) => a.id === id);
  return undefined;
}

/**
 * Calls `done` once with the article when a fetched copy of it (viewer or dashboard) shows its run finished:
 * the re-fetch answered while the run was still going, and the reader is owed the news when it ends.
 */
function whenFinished(client: QueryClient, id: number, done: (article: Article) => void): void {
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    const article = articleIn(event.query.queryKey, event.query.state.data, id);
    if (article && !isUnfinished(article)) {
      unsubscribe();
      done(article);
    }
  });
}

function reportContent(article: Article, toast: Toasts): void {
  if (article.processing_status === "completed") toast.success("Content re-fetched!");
  else
    toast.error(
      article.processing_error ? `Failed to refetch content: ${article.processing_error}` : "Failed to refetch content",
    );
}

/** Whether each job runs for article `id`, and a starter; a job already running is not started twice. */
export function useArticleJobs(id: number) {
  const client = useQueryClient();
  const toast = useToast();
  const summaryRunning = useIsMutating({ mutationKey: articleJobKey("summary", id) }) > 0;
  const contentRunning = useIsMutating({ mutationKey: articleJobKey("content", id) }) > 0;

  const summary = useMutation({
    mutationKey: articleJobKey("summary", id),
    mutationFn: () => articlesApi.regenerateSummary(id),
    onMutate: () => ({ note: toast.info(STARTED.summary) }),
    onSuccess: (article, _variables, started) => {
      // The "may take..." note is no longer true once the answer is here.
      if (started) toast.dismiss(started.note);
      storeArticle(client, article);
      // A failing model leaves the article as it was and the server says so: never "regenerated" then.
      if (article.degraded)
        toast.error(`Failed to regenerate summary: ${article.notice ?? "the summariser is unavailable"}`);
      else if (article.summary) toast.success("Summary regenerated!");
      else toast.error("Failed to regenerate summary");
      void invalidateLibrary(client);
    },
    onError: (error, _variables, started) => {
      if (started) toast.dismiss(started.note);
      toast.error(failureMessage(error, "Failed to regenerate summary", "Failed to regenerate summary"));
    },
  });

  const content = useMutation({
    mutationKey: articleJobKey("content", id),
    mutationFn: () => articlesApi.refetchContent(id),
    onMutate: () => ({ note: toast.info(STARTED.content) }),
    onSuccess: (article, _variables, started) => {
      if (started) toast.dismiss(started.note);
      storeArticle(client, article);
      void invalidateLibrary(client);
      if (!isUnfinished(article)) {
        reportContent(article, toast);
        return;
      }
      // The server stopped waiting before the run ended: say so now, and say it again when it does end.
      const waiting = toast.info("Content is still being processed. You will be told when it is done.");
      whenFinished(client, id, (finished) => {
        toast.dismiss(waiting);
        reportContent(finished, toast);
      });
    },
    onError: (error, _variables, started) => {
      if (started) toast.dismiss(started.note);
      toast.error(failureMessage(error, "Failed to refetch article content", "Failed to refetch content"));
    },
  });

  return {
    summaryRunning,
    contentRunning,
    start: (kind: ArticleJobKind) => {
      if (kind === "summary" ? summaryRunning : contentRunning) return;
      (kind === "summary" ? summary : content).mutate();
    },
  };
}

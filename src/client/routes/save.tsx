import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { articlesApi } from "../api/articles";
import { ApiError } from "../api/client";
import { documentsApi } from "../api/documents";
import type { Article } from "../api/types";
import { LogoMark } from "../components/logo";
import { usePageTitle } from "../hooks/use-page-title";
import { displayTitle } from "../lib/format";
import { readSaveRequest } from "../lib/save-request";
import { takeSharedFile } from "../lib/shared-files";
import { invalidateLibrary } from "../queries/articles";
import "../styles/save.css";

type Outcome =
  | { kind: "saving" }
  | { kind: "saved"; article: Article }
  | { kind: "duplicate"; article: Article | null }
  | { kind: "error"; message: string };

const SHARED_FILE_MISSING =
  "The shared file did not reach VibeRead. Open VibeRead once so it can finish installing, then share the file again, or upload it from the dashboard.";

function existingArticle(error: ApiError): Article | null {
  const article = (error.body as { article?: Article } | null)?.article;
  return article && typeof article.id === "number" ? article : null;
}

/**
 * /#/save?url=&title=&text=: the bookmarklet's popup, the share target and any link in. Saves once on arrival
 * (signed in: the route guard sends a visitor through login and back here) and says what happened.
 */
export function SavePage() {
  const [params] = useSearchParams();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "saving" });
  const savedFor = useRef<string | null>(null);
  const search = params.toString();
  const request = readSaveRequest(params);
  usePageTitle(outcome.kind === "saved" ? "Saved" : outcome.kind === "duplicate" ? "Already saved" : "Save");

  useEffect(() => {
    // Once per address: a re-render (or React's development double effect) must not post the URL again, but a
    // new /#/save address in the same window (another share) is a new save.
    if (savedFor.current === search) return;
    savedFor.current = search;
    const current = () => savedFor.current === search;
    const query = new URLSearchParams(search);
    const sharedFile = query.get("shared_file");
    const settle = (saving: Promise<Article>) =>
      saving.then(
        (article) => {
          void invalidateLibrary(client);
          if (current()) setOutcome({ kind: "saved", article });
        },
        (error: unknown) => {
          if (!current()) return;
          if (error instanceof ApiError && error.status === 409) {
            setOutcome({ kind: "duplicate", article: existingArticle(error) });
          } else {
            setOutcome({ kind: "error", message: error instanceof Error ? error.message : "Failed to create article" });
          }
        },
      );
    if (sharedFile) {
      // A document shared to the installed app (issue 54), kept by the service worker until uploaded here.
      setOutcome({ kind: "saving" });
      void settle(
        takeSharedFile(sharedFile).then((file) => {
          if (!file) throw new Error(SHARED_FILE_MISSING);
          return documentsApi.upload(file, () => {});
        }),
      );
      return;
    }
    const wanted = readSaveRequest(query);
    if (!wanted.ok) {
      setOutcome({ kind: "error", message: wanted.message });
      return;
    }
    setOutcome({ kind: "saving" });
    void settle(articlesApi.create(wanted.url));
  }, [client, search]);

  const name = params.get("shared_file") ? "Shared file" : request.ok ? (request.title ?? request.url) : null;
  return (
    <main className="auth-page save-page" id="main">
      <section className="auth-card save-card" aria-live="polite">
        <LogoMark size={40} />
        {outcome.kind === "saving" && (
          <>
            <h1>Saving...</h1>
            <span className="spinner" aria-hidden="true" />
            {name && <p className="save-name">{name}</p>}
          </>
        )}
        {outcome.kind === "saved" && (
          <>
            <h1>Saved</h1>
            <p className="save-name">
              {request.ok && request.title ? request.title : displayTitle(outcome.article.title)}
            </p>
            <p className="form-note">It is being processed and will be ready to read in a moment.</p>
            <SaveLinks articleId={outcome.article.id} />
          </>
        )}
        {outcome.kind === "duplicate" && (
          <>
            <h1>Already saved</h1>
            <p>This page is already in your library.</p>
            <SaveLinks articleId={outcome.article?.id ?? null} />
          </>
        )}
        {outcome.kind === "error" && (
          <>
            <h1>Not saved</h1>
            <p className="error-box" role="alert">
              {outcome.message}
            </p>
            <SaveLinks articleId={null} />
          </>
        )}
      </section>
    </main>
  );
}

function SaveLinks({ articleId }: { articleId: number | null }) {
  return (
    <p className="save-links">
      {articleId !== null && (
        <Link to={`/article/${articleId}`} className="button button-primary">
          Open the article
        </Link>
      )}
      <Link to="/dashboard" className="button button-secondary">
        Go to the dashboard
      </Link>
    </p>
  );
}

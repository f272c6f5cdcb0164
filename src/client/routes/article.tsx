import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { ApiError } from "../api/client";
import type { Article, Highlight } from "../api/types";
import { SignedInLayout } from "../components/app-header";
import { ArticleHeader } from "../components/article/article-header";
import { ArticleNote } from "../components/article/article-note";
import { ContentPanel, OriginalPanel, SummaryPanel } from "../components/article/article-panels";
import { ArticleRating } from "../components/article/article-rating";
import { ArticleTabs } from "../components/article/article-tabs";
import { ArticleTags } from "../components/article/article-tags";
import { ConfirmDialog } from "../components/article/confirm-dialog";
import { HighlightsPanel } from "../components/article/highlights-panel";
import { QuoteSharing } from "../components/article/quote-sharing";
import { ReaderSettingsMenu } from "../components/article/reader-settings-menu";
import { ContinueReadingNote, EndOfArticle, PendingSyncNotice } from "../components/article/reading-position";
import { RelatedArticles } from "../components/article/related-articles";
import { ViewerExtras } from "../components/article/viewer-extras";
import { EbookButton } from "../components/ebooks/ebook-button";
import { OfflineNotice } from "../components/offline-notice";
import { useArticleKeyboard } from "../hooks/article/use-article-keyboard";
import { useGoBack } from "../hooks/article/use-go-back";
import { highlightParam, useHighlightJump } from "../hooks/article/use-highlight-jump";
import { useHighlightLayer } from "../hooks/article/use-highlight-layer";
import { useReadingActions } from "../hooks/article/use-reading-actions";
import { useReadingPosition } from "../hooks/article/use-reading-position";
import { useScrollMemory } from "../hooks/article/use-scroll-memory";
import { useAnnotationsWaiting } from "../hooks/use-annotation-sync";
import { useMediaQuery } from "../hooks/use-media-query";
import { useOffline } from "../hooks/use-offline";
import { usePageTitle } from "../hooks/use-page-title";
import { useToast } from "../hooks/use-toast";
import { isUnfinished } from "../lib/article-order";
import { displayTitle } from "../lib/format";
import { isRightToLeft } from "../lib/languages";
import { listeningEngines } from "../listen/engines";
import { ListenButton, ListenPlayer } from "../listen/listen-player";
import { useListening } from "../listen/use-listening";
import { useArticleJobs } from "../queries/article-jobs";
import { useArticleQuery } from "../queries/articles";
import { useFeedback } from "../queries/feedback";
import { highlightKeys, useArticleHighlightsQuery, useHighlightActions } from "../queries/highlights";
import "../styles/article.css";
import "../styles/listen.css";
import "../styles/reader.css";
import "../styles/viewer-layout.css";

type TabId = "summary" | "content" | "original";
/** From this width the highlights panel is a column beside the text (highlights.css lays it out). */
const SIDE_PANEL_QUERY = "(min-width: 1140px)";
const NO_HIGHLIGHTS: Highlight[] = [];
const TAB_IDS: readonly TabId[] = ["summary", "content", "original"];
const isTabId = (value: string | undefined): value is TabId => TAB_IDS.includes(value as TabId);

type ArticleState =
  | { status: "loading" }
  | { status: "ready"; article: Article }
  | { status: "error"; error: Error; notFound: boolean };

/** What the viewer shows for the article query; an id that cannot exist is 'not found' without a request. */
function articleState(id: number, query: ReturnType<typeof useArticleQuery>): ArticleState {
  if (!Number.isSafeInteger(id) || id <= 0) {
    return { status: "error", error: new ApiError(404, "Article not found"), notFound: true };
  }
  if (query.data) return { status: "ready", article: query.data };
  if (query.isError) {
    return {
      status: "error",
      error: query.error,
      notFound: query.error instanceof ApiError && query.error.status === 404,
    };
  }
  return { status: "loading" };
}

/** /article/:id. Each id gets a fresh screen, so no state leaks from one article into the next. */
export function ArticlePage() {
  const { id = "" } = useParams();
  // Toasts of the screen left behind (a dashboard's "finished processing") do not follow the reader into the text.
  const { dismissAll } = useToast();
  useEffect(() => dismissAll(), [dismissAll]);
  const articleId = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  return <ArticleScreen key={id} articleId={articleId} />;
}

function ArticleScreen({ articleId }: { articleId: number }) {
  const jobs = useArticleJobs(articleId);
  const query = useArticleQuery(articleId, { alsoPoll: jobs.contentRunning });
  const state = articleState(articleId, query);
  const article = state.status === "ready" ? state.article : null;
  const [tab, setTab] = useState<TabId>("summary");
  const memory = useScrollMemory(articleId, { ready: article !== null, tab });
  const goBack = useGoBack();
  const toast = useToast();
  const offline = useOffline();
  const waiting = useAnnotationsWaiting();

  usePageTitle(
    article ? displayTitle(article.title, article.url) : state.status === "error" ? "Error Loading Article" : "Article",
  );

  // The tab the reader had open when they left, so the saved scroll offset refers to the same text.
  const { initialTab } = memory;
  useEffect(() => {
    if (isTabId(initialTab)) setTab(initialTab);
  }, [initialTab]);

  // Spec §2: a missing article (deleted, someone else's, a mistyped id) sends the reader back.
  const notFound = state.status === "error" && state.notFound;
  const leaving = useRef(false);
  useEffect(() => {
    if (!notFound || leaving.current) return;
    leaving.current = true;
    toast.error(state.status === "error" ? state.error.message : "Article not found");
    goBack({ replace: true });
  }, [notFound, state, toast, goBack]);

  // Offline, only the articles opened before are on this device (the service worker's cache, docs/web-app.md).
  const offlineMiss =
    offline && state.status === "error" && state.error instanceof ApiError && state.error.status === 0;

  return (
    <SignedInLayout>
      {state.status === "ready" && offline && (
        <OfflineNotice>Offline — showing the copy saved on this device</OfflineNotice>
      )}
      {state.status === "ready" && waiting && <PendingSyncNotice />}
      {state.status === "loading" || notFound ? (
        <div className="viewer-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>Loading article...</span>
        </div>
      ) : state.status === "error" ? (
        <section className="empty-state viewer-error" aria-labelledby="viewer-error-title">
          <h1 id="viewer-error-title">{offlineMiss ? "Not Available Offline" : "Error Loading Article"}</h1>
          <p>
            {offlineMiss
              ? "You are offline, and this article has not been opened on this device yet. It opens once you are back online."
              : state.error.message}
          </p>
          <button type="button" className="button button-secondary" onClick={() => goBack()}>
            Back
          </button>
        </section>
      ) : (
        <ArticleView
          article={state.article}
          tab={tab}
          onTab={setTab}
          jobs={jobs}
          onDeleted={memory.forget}
          returning={memory.returning}
        />
      )}
    </SignedInLayout>
  );
}

function ArticleView({
  article,
  tab,
  onTab,
  jobs,
  onDeleted,
  returning,
}: {
  article: Article;
  tab: TabId;
  onTab: (tab: TabId) => void;
  jobs: ReturnType<typeof useArticleJobs>;
  onDeleted: () => void;
  /** Back, forward or reload onto this page: its own scroll offset is restored, not the synced position. */
  returning: boolean;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const goBack = useGoBack();
  const actions = useReadingActions(article.id);
  const feedback = useFeedback(article.id);
  const [confirming, setConfirming] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const viewer = useRef<HTMLElement>(null);
  const sidePanel = useMediaQuery(SIDE_PANEL_QUERY);
  const highlightsPanel = <HighlightsPanel articleId={article.id} root={viewer} onTab={onTab} side={sidePanel} />;
  // Opened at a highlight (/#/highlights): go there, not to the reading position.
  const [jumpTo] = useState(() => highlightParam(search));
  const position = useReadingPosition({ article, tab, onTab, returning: returning || jumpTo !== null, root: viewer });
  useArticleKeyboard({
    article,
    markRead: actions.markRead,
    markUnread: actions.markUnread,
    rate: feedback.rate,
    openSettings: () => setSettingsOpen(true),
    onDeleted,
  });
  const title = displayTitle(article.title, article.url);
  const nowPlaying = useMemo(
    () => ({ title, site: article.site_name || article.domain || "", artwork: article.image_url }),
    [title, article.site_name, article.domain, article.image_url],
  );
  const listenEngines = useCallback(
    (source: "content" | "summary") => listeningEngines(article.id, source),
    [article.id],
  );
  const listening = useListening({
    root: viewer,
    language: article.language,
    readingPosition: article.reading_position,
    nowPlaying,
    engines: listenEngines,
    onListened: position.listenedTo,
  });
  const highlights = useArticleHighlightsQuery(article.id).data?.highlights ?? NO_HIGHLIGHTS;
  useHighlightJump(viewer, highlights, jumpTo, onTab);
  const highlightActions = useHighlightActions(article.id);
  const layer = useHighlightLayer(viewer, article.id, highlights, {
    title: displayTitle(article.title, article.url),
    summary: article.summary,
    content: article.content ?? null,
  });

  // A re-fetch or a re-summarize changed the text: the server has found the highlights again in it.
  const client = useQueryClient();
  const texts = useRef({ content: article.content, summary: article.summary });
  useEffect(() => {
    const before = texts.current;
    texts.current = { content: article.content, summary: article.summary };
    if (before.content !== article.content || before.summary !== article.summary) {
      void client.invalidateQueries({ queryKey: highlightKeys.article(article.id) });
    }
  }, [client, article.id, article.content, article.summary]);

  const inProgress = isUnfinished(article);
  const direction = article.text_direction === "rtl" || isRightToLeft(article.language) ? "rtl" : "ltr";
  const startSummary = () => jobs.start("summary");
  const startContent = () => jobs.start("content");

  async function doneReading() {
    if (await actions.markRead()) goBack();
  }

  async function confirmDelete() {
    if (await actions.remove()) {
      onDeleted();
      navigate("/dashboard", { replace: true });
    }
  }

  return (
    <>
      <article ref={viewer} className="viewer" aria-labelledby="article-title">
        <div className="viewer-toolbar">
          <button type="button" className="button button-secondary" onClick={() => goBack()}>
            <span aria-hidden="true">←</span> <span className="toolbar-label">Back</span>
          </button>
          <div className="viewer-toolbar-actions">
            {/* The article's EPUB download sits in the Aa menu: the toolbar keeps one row on a 320 px phone. */}
            <ReaderSettingsMenu open={settingsOpen} onOpenChange={setSettingsOpen}>
              <EbookButton articleId={article.id} />
            </ReaderSettingsMenu>
            {article.is_read ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void actions.markUnread()}
                disabled={actions.busy !== null}
              >
                {actions.busy === "unread" ? "Updating..." : "Mark as unread"}
              </button>
            ) : (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void actions.markRead()}
                disabled={actions.busy !== null}
              >
                {actions.busy === "read" ? "Updating..." : "Mark as read"}
              </button>
            )}
            <button
              type="button"
              className="button button-danger-outline"
              aria-haspopup="dialog"
              onClick={() => setConfirming(true)}
              disabled={actions.busy !== null}
            >
              Delete
            </button>
          </div>
        </div>

        <ArticleHeader
          titleKey={layer.keys.title}
          article={article}
          direction={direction}
          refetching={jobs.contentRunning}
          onRefetch={startContent}
        />
        <ViewerExtras article={article} highlights={sidePanel ? null : highlightsPanel}>
          <ArticleNote article={article} />
          <ArticleTags article={article} />
        </ViewerExtras>

        <ArticleTabs<TabId>
          label="Article views"
          selected={tab}
          onSelect={onTab}
          tabs={[
            {
              id: "summary",
              label: "Summary",
              panel: (
                <SummaryPanel
                  markdownKey={layer.keys.summary}
                  article={article}
                  direction={direction}
                  inProgress={inProgress}
                  running={jobs.summaryRunning}
                  onStart={startSummary}
                  actions={<ListenButton source="summary" listening={listening} />}
                />
              ),
            },
            {
              id: "content",
              label: "Content",
              panel: (
                <ContentPanel
                  article={article}
                  direction={direction}
                  inProgress={inProgress}
                  running={jobs.contentRunning}
                  onStart={startContent}
                  actions={<ListenButton source="content" listening={listening} />}
                />
              ),
            },
            { id: "original", label: "Original", panel: <OriginalPanel article={article} /> },
          ]}
        />

        {position.atEnd && !article.is_read && (
          <EndOfArticle busy={actions.busy === "read"} onMarkRead={() => void actions.markRead()} />
        )}

        <ArticleRating rating={feedback.rating} saving={feedback.saving} onRate={feedback.rate} />

        <div className="viewer-finish">
          {article.is_read ? (
            <p className="read-marker">
              <span aria-hidden="true">✓</span> Article Read
            </p>
          ) : (
            <>
              <button
                type="button"
                className="button button-primary"
                onClick={() => void doneReading()}
                disabled={actions.busy !== null}
              >
                Done reading
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => void actions.markRead()}
                disabled={actions.busy !== null}
              >
                Mark read &amp; stay
              </button>
            </>
          )}
        </div>
      </article>

      {inProgress ? null : <RelatedArticles articleId={article.id} />}
      {sidePanel ? highlightsPanel : null}

      <ListenPlayer
        listening={listening}
        isRead={article.is_read}
        markingRead={actions.busy === "read"}
        onMarkRead={() => void actions.markRead()}
      />

      {position.continued && !listening.open && (
        <ContinueReadingNote onStartOver={position.startOver} onDismiss={position.dismiss} />
      )}

      <QuoteSharing
        root={viewer}
        article={article}
        direction={direction}
        highlights={highlights}
        actions={highlightActions}
        focusWhenDrawn={layer.focusWhenDrawn}
      />

      <ConfirmDialog
        open={confirming}
        title="Delete article"
        message="Are you sure you want to delete this article?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={actions.busy === "delete"}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

import { forwardRef, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { Quote } from "../../hooks/article/use-text-selection";
import { downloadBlob } from "../../lib/download-file";
import { displayTitle } from "../../lib/format";
import {
  planRender,
  quoteSize,
  type RenderPlan,
  SHARE_CARD_WIDTH,
  shareImageFileName,
  visibleHeight,
} from "../../lib/share-image";
import { quoteLength, textDirection } from "../../lib/text-selection";
import { LogoMark } from "../logo";

const FAILURE_MESSAGE = "Failed to generate image. Please try again.";

type Theme = "light" | "dark";

interface CardProps {
  quote: Quote;
  /** A highlight's note under the quote, when the reader includes it. */
  caption: string | null;
  slogan: string;
  theme: Theme;
  title: string | null;
  url: string | null;
  formatted: boolean;
  language: string | null;
  direction: "ltr" | "rtl";
}

/** The VibeRead mark with its colours written out: the image has no stylesheet variables to resolve. */
function CardMark() {
  return <LogoMark size={28} brand="#4f46e5" accent="#f59e0b" className="share-card-mark" />;
}

/**
 * The shareable card, 416 px wide (spec §9). The downloaded image is drawn from this very element, so what the
 * preview shows is what the PNG holds: same fonts (system stacks, nothing to download), same colours.
 */
const ShareCard = forwardRef<HTMLDivElement, CardProps>(function ShareCard(
  { quote, caption, slogan, theme, title, url, formatted, language, direction },
  ref,
) {
  const dir = textDirection(quote.text, direction);
  const size = quoteSize(quoteLength(quote.text));
  return (
    <div ref={ref} className={`share-card share-card-${theme} share-card-${size}`} data-testid="share-card">
      <div className="share-card-brand">
        <CardMark />
        <span className="share-card-name">VibeRead</span>
      </div>
      <span className="share-card-mark-quote" dir={dir} aria-hidden="true">
        “
      </span>
      {formatted && quote.html ? (
        <div
          className="share-card-quote share-card-rich"
          dir={dir}
          lang={language ?? undefined}
          // Safe: the app's allowlist sanitiser ran over it, then images and links were taken out
          // (hooks/article/use-text-selection.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
          dangerouslySetInnerHTML={{ __html: quote.html }}
        />
      ) : (
        <p className="share-card-quote share-card-plain" dir={dir} lang={language ?? undefined}>
          {quote.text}
        </p>
      )}
      {caption ? (
        <p className="share-card-caption" dir="auto" lang={language ?? undefined}>
          {caption}
        </p>
      ) : null}
      {title || url ? (
        <div className="share-card-source">
          {title ? (
            <p className="share-card-title" dir="auto">
              {title}
            </p>
          ) : null}
          {url ? (
            <p className="share-card-url" dir="ltr">
              {url}
            </p>
          ) : null}
        </div>
      ) : null}
      <p className="share-card-slogan">{slogan}</p>
    </div>
  );
});

/** Rows at a time when looking for the last visible row from the bottom up (a tall canvas is ~80 MB of pixels). */
const STRIP_ROWS = 128;

/** The canvas without its fully transparent bottom rows (a card whose height is not a whole pixel leaves some). */
function trimBottom(canvas: HTMLCanvasElement): HTMLCanvasElement {
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas context");
  const { width, height } = canvas;
  let keep = 0;
  for (let bottom = height; bottom > 0 && keep === 0; bottom -= STRIP_ROWS) {
    const top = Math.max(0, bottom - STRIP_ROWS);
    const rows = visibleHeight(context.getImageData(0, top, width, bottom - top).data, width, bottom - top);
    if (rows > 0) keep = top + rows;
  }
  if (keep === 0) throw new Error("The rendered image is empty");
  if (keep === height) return canvas;
  const trimmed = document.createElement("canvas");
  trimmed.width = width;
  trimmed.height = keep;
  const target = trimmed.getContext("2d");
  if (!target) throw new Error("No 2D canvas context");
  target.drawImage(canvas, 0, 0);
  return trimmed;
}

function toPngBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The PNG could not be encoded"))), "image/png");
  });
}

/**
 * The card's layout size in CSS pixels: `exact` as laid out (often fractional), `width` and `height` rounded up to
 * the whole pixels a canvas has. From the computed style, which a scaled-down preview (narrow screens) leaves alone.
 */
function cardSize(card: HTMLElement) {
  const style = getComputedStyle(card);
  const exact = { width: Number.parseFloat(style.width), height: Number.parseFloat(style.height) };
  return { width: Math.ceil(exact.width), height: Math.ceil(exact.height), exact };
}

/**
 * html-to-image (a maintained DOM-to-image library: it clones the element with its computed styles into an SVG
 * foreignObject and lets the browser draw it) in a chunk of its own, fetched when the dialog opens: neither the
 * dashboard nor a viewer visit that shares nothing loads it. Cached by the module system after the first call.
 */
const loadRenderer = () => import("html-to-image");

/** Draws the card at the planned pixel ratio, trims its transparent bottom, encodes a PNG. */
async function renderCard(card: HTMLElement, plan: Extract<RenderPlan, { ok: true }>): Promise<Blob> {
  const { toCanvas } = await loadRenderer();
  const { width, height, exact } = cardSize(card);
  // Web fonts are embedded by the library when the page has any; the card uses system fonts, which the
  // browser draws the same way in the image as on the page.
  const canvas = await toCanvas(card, {
    // The canvas is whole pixels, rounded up so nothing is cut off...
    width,
    height,
    // ...but the card keeps its own size (the library would stretch it to the canvas), so it looks exactly like
    // the preview and the part of a pixel below it stays transparent, to be trimmed.
    style: { width: `${exact.width}px`, height: `${exact.height}px` },
    pixelRatio: plan.pixelRatio,
    // The plan already keeps every side within 16,384 px; the library's own rescaling would distort the ratio.
    skipAutoScale: true,
  });
  return toPngBlob(trimBottom(canvas));
}

/**
 * 'Share as Image' (spec §2): a live preview of the card, a Light or Dark theme, toggles for the title and the URL,
 * 'Preserve markdown formatting' when the quote has formatting, and 'Download Image', which saves a PNG at pixel
 * ratio 3. A highlight's note is offered as a caption under the quote ('Include note'). A modal on the native
 * <dialog>: focus starts on the download button, Escape closes, the page behind is inert; the caller gives focus
 * back.
 */
export function ShareDialog({
  quote,
  caption = null,
  slogan,
  title,
  url,
  language,
  direction,
  onClose,
}: {
  quote: Quote;
  caption?: string | null;
  slogan: string;
  title: string | null;
  url: string;
  language: string | null;
  direction: "ltr" | "rtl";
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [theme, setTheme] = useState<Theme>("light");
  const [includeTitle, setIncludeTitle] = useState(Boolean(title?.trim()));
  const [includeUrl, setIncludeUrl] = useState(true);
  const [includeNote, setIncludeNote] = useState(true);
  const [formatted, setFormatted] = useState(true);
  const [generating, setGenerating] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [plan, setPlan] = useState<RenderPlan | null>(null);
  // On a screen narrower than the card the preview is shown scaled down; the card itself keeps 416 px.
  const [preview, setPreview] = useState({ scale: 1, height: 0 });

  useEffect(() => {
    // Fetched while the reader looks at the preview, so 'Download Image' does not wait for the network. A failure
    // here is not reported: the download tries again and reports its own.
    loadRenderer().catch(() => undefined);
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    // Without scrolling: on a small screen the preview at the top is what the reader should see first.
    downloadButton.current?.focus({ preventScroll: true });
    return () => element.close();
  }, []);

  // The plan follows the card's height, which changes with the toggles and the formatting; the preview's scale
  // follows the room the dialog has.
  useLayoutEffect(() => {
    const element = card.current;
    const room = body.current;
    if (!element || !room) return;
    const measure = () => {
      const { width, height } = cardSize(element);
      setPlan(planRender(width, height));
      const frame = element.closest("figure");
      const framePadding = frame ? Number.parseFloat(getComputedStyle(frame).paddingLeft) * 2 : 0;
      const roomStyle = getComputedStyle(room);
      const available =
        room.clientWidth - Number.parseFloat(roomStyle.paddingLeft) - Number.parseFloat(roomStyle.paddingRight);
      const scale = Math.min(1, Math.max(0.25, (available - framePadding) / width));
      setPreview({ scale, height });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(room);
    return () => observer.disconnect();
  }, []);

  async function generate() {
    const element = card.current;
    if (!element || generating) return;
    // Planned again from the card as it is now: the note above may be one resize behind.
    const size = cardSize(element);
    const current = planRender(size.width, size.height);
    setPlan(current);
    if (!current.ok) return;
    setGenerating(true);
    setSaved(null);
    try {
      const blob = await renderCard(element, current);
      const fileName = shareImageFileName(new Date());
      downloadBlob(blob, fileName);
      setSaved(fileName);
    } catch (error) {
      console.error("Share image failed", error);
      window.alert(FAILURE_MESSAGE);
    } finally {
      setGenerating(false);
    }
  }

  const shownTitle = includeTitle && title?.trim() ? displayTitle(title) : null;

  return (
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      className="share-dialog"
      onCancel={(event) => {
        // Escape: React state closes it, so state and the element never disagree.
        event.preventDefault();
        if (!generating) onClose();
      }}
    >
      <div className="share-dialog-header">
        <h2 id={titleId} className="share-dialog-title">
          Share as Image
        </h2>
        <button type="button" className="share-dialog-close" aria-label="Close" onClick={onClose} disabled={generating}>
          ×
        </button>
      </div>
      <div ref={body} className="share-dialog-body">
        <figure className="share-preview" aria-label="Preview">
          {/* Narrow screens: the box takes the scaled size, the card inside keeps its own 416 px. */}
          <div
            className="share-preview-scale"
            style={
              preview.scale < 1
                ? { width: SHARE_CARD_WIDTH * preview.scale, height: preview.height * preview.scale }
                : undefined
            }
          >
            <div
              style={
                preview.scale < 1 ? { transform: `scale(${preview.scale})`, transformOrigin: "top left" } : undefined
              }
            >
              <ShareCard
                ref={card}
                quote={quote}
                caption={includeNote && caption?.trim() ? caption.trim() : null}
                slogan={slogan}
                theme={theme}
                title={shownTitle}
                url={includeUrl ? url : null}
                formatted={formatted}
                language={language}
                direction={direction}
              />
            </div>
          </div>
        </figure>
        <div className="share-controls">
          <fieldset className="share-theme">
            <legend>Theme</legend>
            {(["light", "dark"] as const).map((value) => (
              <label key={value} className="share-theme-option">
                <input
                  type="radio"
                  name="share-theme"
                  value={value}
                  checked={theme === value}
                  onChange={() => setTheme(value)}
                />
                <span>{value === "light" ? "Light" : "Dark"}</span>
              </label>
            ))}
          </fieldset>
          <label className="share-toggle">
            <input
              type="checkbox"
              checked={includeTitle}
              disabled={!title?.trim()}
              onChange={(event) => setIncludeTitle(event.target.checked)}
            />
            Include title
          </label>
          <label className="share-toggle">
            <input type="checkbox" checked={includeUrl} onChange={(event) => setIncludeUrl(event.target.checked)} />
            Include URL
          </label>
          {caption?.trim() ? (
            <label className="share-toggle">
              <input type="checkbox" checked={includeNote} onChange={(event) => setIncludeNote(event.target.checked)} />
              Include note
            </label>
          ) : null}
          {quote.html ? (
            <label className="share-toggle">
              <input type="checkbox" checked={formatted} onChange={(event) => setFormatted(event.target.checked)} />
              Preserve markdown formatting
            </label>
          ) : null}
          {plan && !plan.ok ? (
            <p className="share-note share-note-error" role="alert">
              {plan.message}
            </p>
          ) : plan?.scaled ? (
            <p className="share-note">
              A long quote: the image is scaled to {plan.width} × {plan.height} px to stay within the largest canvas
              browsers draw (16,384 px).
            </p>
          ) : null}
          <div className="share-actions">
            <button
              ref={downloadButton}
              type="button"
              className="button button-primary"
              onClick={() => void generate()}
              disabled={generating || plan?.ok === false}
              aria-busy={generating}
            >
              {generating ? (
                <>
                  <span className="spinner spinner-small" aria-hidden="true" /> Generating...
                </>
              ) : (
                "Download Image"
              )}
            </button>
            <button type="button" className="button button-secondary" onClick={onClose} disabled={generating}>
              Cancel
            </button>
          </div>
          <p className="share-status" role="status">
            {saved ? `Saved ${saved}` : ""}
          </p>
        </div>
      </div>
    </dialog>
  );
}

import { type ReactNode, useEffect, useId, useRef } from "react";
import { ReaderSettingsControls } from "../reader-settings-controls";

/**
 * The viewer's "Aa" button and the reader settings it opens, one step from the text (issue 50 item 1). A panel
 * beside the text, not a modal: each change shows on the article at once, so the reader sees what they pick. It
 * closes on Escape (focus back on the button), on a click outside it, or on the button again; "t" opens it too.
 */
export function ReaderSettingsMenu({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the viewer adds under the settings (the article's EPUB download). */
  children?: ReactNode;
}) {
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // Opened (by the button or the shortcut): the keyboard goes into the panel, at its first choice.
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLInputElement>("input:checked, input")?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) onOpenChange(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, onOpenChange]);

  return (
    <div className="reader-settings-menu">
      <button
        ref={button}
        type="button"
        className="button button-secondary reader-settings-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-keyshortcuts="t"
        onClick={() => onOpenChange(!open)}
      >
        <span aria-hidden="true">Aa</span>
        <span className="visually-hidden">Reader settings</span>
      </button>
      <div
        ref={panel}
        id={panelId}
        role="dialog"
        aria-label="Reader settings"
        className="reader-settings-panel"
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          event.preventDefault();
          event.stopPropagation();
          onOpenChange(false);
          button.current?.focus();
        }}
      >
        {open ? (
          <>
            <ReaderSettingsControls />
            {children}
          </>
        ) : null}
      </div>
    </div>
  );
}

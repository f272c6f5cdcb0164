import { type KeyboardEvent, type RefObject, useCallback, useEffect, useLayoutEffect } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest("[inert]") && element.getClientRects().length > 0,
  );
}

/**
 * What makes a custom element a modal dialog: focus moves in on open and cannot leave with Tab or Shift+Tab
 * (it wraps around), Escape closes, and the page behind does not scroll while it is open. The dialog is not a
 * native <dialog> on purpose: that one lives in the top layer, above the toasts that report search errors.
 * Returns the keydown handler for the dialog element.
 */
export function useModalDialog({
  dialogRef,
  initialFocusRef,
  onClose,
}: {
  dialogRef: RefObject<HTMLElement | null>;
  initialFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  // Layout effect: the lock and the focus are in place before the first paint, so nothing behind flickers.
  useLayoutEffect(() => {
    const { body, documentElement } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = "hidden";
    // Keep the page where it is instead of shifting right by the scrollbar's width.
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    (initialFocusRef.current ?? dialogRef.current)?.focus();
    return () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
    };
  }, [dialogRef, initialFocusRef]);

  // Focus that lands outside anyway (a click behind the backdrop, a script) is brought back.
  useEffect(() => {
    function onFocusIn(event: FocusEvent) {
      const dialog = dialogRef.current;
      const target = event.target as Node | null;
      if (!dialog || !target || dialog.contains(target)) return;
      // Toasts stay reachable: they report what happened in the dialog.
      if (target instanceof Element && target.closest(".toasts")) return;
      (focusableIn(dialog)[0] ?? dialog).focus();
    }
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [dialogRef]);

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== "Tab" || !dialogRef.current) return;
      const elements = focusableIn(dialogRef.current);
      const first = elements[0];
      const last = elements.at(-1);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialogRef.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [dialogRef, onClose],
  );
}

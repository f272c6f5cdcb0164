import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { toastsToMakeRoomFor } from "../lib/toast-limit";

/** Spec §8/§9: toast types success, error, info; 10 s by default, then a 300 ms fade. */
export const TOAST_DURATION_MS = 10_000;
export const TOAST_FADE_MS = 300;

export type ToastType = "success" | "error" | "info";
/** A button in the toast that undoes what it reports ('Undo' after a delete); pressing it closes the toast. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}
interface Toast {
  id: number;
  type: ToastType;
  message: string;
  leaving: boolean;
  action?: ToastAction;
}

/** Each call returns the toast's id, for `dismiss` (a note that has stopped being true, e.g. "may take..."). */
interface ToastApi {
  success(message: string, durationMs?: number, action?: ToastAction): number;
  error(message: string, durationMs?: number): number;
  info(message: string, durationMs?: number, action?: ToastAction): number;
  dismiss(id: number): void;
  /** Dismisses every toast shown (the viewer, entered, starts without the last screen's). */
  dismissAll(): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const shown = useRef(toasts);
  shown.current = toasts;
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((all) => all.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
    setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), TOAST_FADE_MS);
  }, []);

  const show = useCallback(
    (type: ToastType, message: string, durationMs = TOAST_DURATION_MS, action?: ToastAction) => {
      const id = nextId.current++;
      setToasts((all) => {
        // Decided here, on the latest list, because one poll can raise dozens of toasts in the same tick. The
        // removal is idempotent, so React running this updater twice (strict mode) does no harm.
        const evicted = new Set(toastsToMakeRoomFor(all));
        for (const old of evicted) setTimeout(() => setToasts((now) => now.filter((t) => t.id !== old)), TOAST_FADE_MS);
        const kept = all.map((t) => (evicted.has(t.id) ? { ...t, leaving: true } : t));
        return [...kept, { id, type, message, leaving: false, action }];
      });
      setTimeout(() => dismiss(id), durationMs);
      return id;
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      success: (m, d, a) => show("success", m, d, a),
      error: (m, d) => show("error", m, d),
      info: (m, d, a) => show("info", m, d, a),
      dismiss,
      dismissAll: () => {
        for (const toast of shown.current) if (!toast.leaving) dismiss(toast.id);
      },
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.type}${toast.leaving ? " toast-leaving" : ""}`}
            role={toast.type === "error" ? "alert" : "status"}
          >
            <span>{toast.message}</span>
            {toast.action ? (
              <button
                type="button"
                className="toast-action"
                onClick={() => {
                  toast.action?.onAction();
                  dismiss(toast.id);
                }}
              >
                {toast.action.label}
              </button>
            ) : null}
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss notification"
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

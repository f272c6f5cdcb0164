/** At most this many toasts show at once: saving 66 articles raised 66 "finished processing" toasts, a wall
 * that covered the page for 10 s. */
export const MAX_VISIBLE_TOASTS = 4;

export interface ShownToast {
  id: number;
  type: "success" | "error" | "info";
  /** Already fading out. */
  leaving: boolean;
}

/**
 * The toasts to dismiss early so that one more fits under the limit: the oldest first, successes and notes
 * before errors, which say something went wrong and stay until their time is up unless only errors are left.
 */
export function toastsToMakeRoomFor(shown: readonly ShownToast[], limit = MAX_VISIBLE_TOASTS): number[] {
  const staying = shown.filter((toast) => !toast.leaving);
  const excess = staying.length - (limit - 1);
  if (excess <= 0) return [];
  const byEvictionOrder = [
    ...staying.filter((toast) => toast.type !== "error"),
    ...staying.filter((toast) => toast.type === "error"),
  ];
  return byEvictionOrder.slice(0, excess).map((toast) => toast.id);
}

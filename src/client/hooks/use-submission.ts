import { useCallback, useState } from "react";

/**
 * The busy flag and error message of a form submission: `run` marks the form busy, awaits the action and keeps
 * the failure's message (the server's `detail`, or `fallbackMessage`) for an <ErrorBox>.
 */
export function useSubmission(fallbackMessage: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (action: () => Promise<void>): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        await action();
        return true;
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : fallbackMessage);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [fallbackMessage],
  );

  return { busy, error, run };
}

import { useCallback } from "react";
import { useNavigate } from "react-router";
import { hasPreviousEntry } from "../../lib/reading-history";

/** Back to where the reader came from, or to /dashboard when the viewer was the first screen of this tab. */
export function useGoBack() {
  const navigate = useNavigate();
  return useCallback(
    ({ replace = false }: { replace?: boolean } = {}) => {
      if (hasPreviousEntry(window.history.state)) navigate(-1);
      else navigate("/dashboard", { replace });
    },
    [navigate],
  );
}

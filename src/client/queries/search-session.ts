import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { searchApi } from "../api/search";

export const searchKeys = {
  all: ["search"] as const,
  /** A session being created for `userId`; kept only while the request runs. */
  newSession: (userId: number) => [...searchKeys.all, "new-session", userId] as const,
};

/**
 * The search chat's server calls: creating a session (one creation at a time, shared by every caller that asks
 * meanwhile), clearing one, and asking. The conversation itself is the chat's own state (session storage),
 * not server state, so it stays in useSearchChat.
 */
export function useSearchSessionCalls(userId: number) {
  const client = useQueryClient();

  const createSession = useCallback(
    () =>
      client.fetchQuery({
        queryKey: searchKeys.newSession(userId),
        queryFn: async () => (await searchApi.createSession()).session_id,
        // Shared while in flight, never reused after: the next caller wants a session of its own.
        staleTime: 0,
        gcTime: 0,
      }),
    [client, userId],
  );

  const clear = useMutation({ mutationFn: (sessionId: string) => searchApi.clearSession(sessionId) });
  const ask = useMutation({ mutationFn: searchApi.chat });

  return { createSession, clearSession: clear.mutateAsync, ask: ask.mutateAsync };
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ConnectedApp, oauthApi } from "../api/oauth";

export const oauthKeys = {
  grants: ["oauth", "grants"] as const,
  consent: (query: string) => ["oauth", "consent", query] as const,
};

/** The connection request behind the consent screen; not retried: a bad request stays bad. */
export function useConsentQuery(query: string) {
  return useQuery({ queryKey: oauthKeys.consent(query), queryFn: () => oauthApi.consent(query), retry: false });
}

/** Approve or Deny: the answer is where to send the browser (back to the app). */
export function useDecideConsent(query: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: "approve" | "deny") => oauthApi.decide(query, decision),
    onSettled: () => client.invalidateQueries({ queryKey: oauthKeys.grants }),
  });
}

export function useConnectedAppsQuery() {
  return useQuery({ queryKey: oauthKeys.grants, queryFn: oauthApi.grants });
}

/** Disconnects an app and drops it from the cached list at once. */
export function useRevokeConnectedApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => oauthApi.revoke(id),
    onSuccess: (_nothing, id) => {
      client.setQueryData<ConnectedApp[]>(oauthKeys.grants, (list) => list?.filter((app) => app.id !== id));
    },
    onSettled: () => client.invalidateQueries({ queryKey: oauthKeys.grants }),
  });
}

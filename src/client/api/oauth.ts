import { request } from "./client";

export interface ScopeLine {
  scope: string;
  description: string;
}

/** What the consent screen shows about an app asking to connect. Every string may come from the app. */
export interface ConsentDetails {
  client_name: string;
  client_domain: string | null;
  redirect_host: string;
  redirect_is_local: boolean;
  scopes: ScopeLine[];
}

/** An AI assistant or other app connected over OAuth (a grant). */
export interface ConnectedApp {
  id: string;
  client_name: string;
  scopes: ScopeLine[];
  connected_at: string;
}

/** `query` is the /authorize URL's query string the consent screen was opened with. */
export const oauthApi = {
  consent: (query: string) =>
    request<ConsentDetails>("GET", `/api/oauth/consent?query=${encodeURIComponent(query)}`, {
      defaultError: "Could not read this connection request",
    }),
  decide: (query: string, decision: "approve" | "deny") =>
    request<{ redirect_to: string }>("POST", "/api/oauth/consent", {
      body: { query, decision },
      defaultError: "Could not answer the connection request",
    }),
  grants: () => request<ConnectedApp[]>("GET", "/api/oauth/grants", { defaultError: "Failed to fetch connected apps" }),
  revoke: (id: string) =>
    request<null>("DELETE", `/api/oauth/grants/${encodeURIComponent(id)}`, {
      defaultError: "Failed to disconnect the app",
    }),
};

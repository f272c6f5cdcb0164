import { request } from "./client";

/** A personal API token as listed: never the secret. */
export interface ApiToken {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** The answer to creating one: the only time `token` (the secret) is sent. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

export const tokensApi = {
  list: () => request<ApiToken[]>("GET", "/api/tokens", { defaultError: "Failed to fetch API tokens" }),
  create: (name: string) =>
    request<CreatedApiToken>("POST", "/api/tokens", { body: { name }, defaultError: "Failed to create API token" }),
  revoke: (id: number) => request<null>("DELETE", `/api/tokens/${id}`, { defaultError: "Failed to revoke API token" }),
};

import { request } from "./client";

export type DeploymentEnvironment = "development" | "staging" | "production";

export interface Health {
  /** "degraded": the app serves, but something is off; `detail` says what and why. */
  status: "ok" | "degraded";
  detail?: string;
  environment: DeploymentEnvironment;
  version: string;
}

export const healthApi = {
  get: () => request<Health>("GET", "/api/health", { defaultError: "Failed to reach the server" }),
};

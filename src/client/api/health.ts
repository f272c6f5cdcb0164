import { request } from "./client";

export type DeploymentEnvironment = "development" | "staging" | "production";

export interface Health {
  status: "ok";
  environment: DeploymentEnvironment;
  version: string;
}

export const healthApi = {
  get: () => request<Health>("GET", "/api/health", { defaultError: "Failed to reach the server" }),
};

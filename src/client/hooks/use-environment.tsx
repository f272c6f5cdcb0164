import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { type DeploymentEnvironment, healthApi } from "../api/health";

const EnvironmentContext = createContext<DeploymentEnvironment | null>(null);

/** Reads the backend environment once from /api/health; it decides the title prefix and the top border. */
export function EnvironmentProvider({ children }: { children: ReactNode }) {
  const [environment, setEnvironment] = useState<DeploymentEnvironment | null>(null);

  useEffect(() => {
    healthApi
      .get()
      .then((health) => setEnvironment(health.environment))
      .catch(() => setEnvironment(null));
  }, []);

  useEffect(() => {
    document.documentElement.dataset.environment = environment ?? "unknown";
  }, [environment]);

  return <EnvironmentContext.Provider value={environment}>{children}</EnvironmentContext.Provider>;
}

export function useEnvironment(): DeploymentEnvironment | null {
  return useContext(EnvironmentContext);
}

export function titlePrefix(environment: DeploymentEnvironment | null): string {
  if (environment === "development") return "[DEV] ";
  if (environment === "staging") return "[STAGING] ";
  return "";
}

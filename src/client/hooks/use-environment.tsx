import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { type DeploymentEnvironment, healthApi } from "../api/health";

const EnvironmentContext = createContext<DeploymentEnvironment | null>(null);
const DegradedContext = createContext<string | null>(null);

/**
 * Reads the backend environment once from /api/health; it decides the title prefix and the top border. A health
 * that says "degraded" (e.g. a local app serving a production bundle without the embedder's word vectors) is kept
 * too, for the signed-in screens' notice.
 */
export function EnvironmentProvider({ children }: { children: ReactNode }) {
  const [environment, setEnvironment] = useState<DeploymentEnvironment | null>(null);
  const [degraded, setDegraded] = useState<string | null>(null);

  useEffect(() => {
    healthApi
      .get()
      .then((health) => {
        setEnvironment(health.environment);
        setDegraded(health.status === "degraded" ? (health.detail ?? "Some features are off.") : null);
      })
      .catch(() => setEnvironment(null));
  }, []);

  useEffect(() => {
    document.documentElement.dataset.environment = environment ?? "unknown";
  }, [environment]);

  return (
    <EnvironmentContext.Provider value={environment}>
      <DegradedContext.Provider value={degraded}>{children}</DegradedContext.Provider>
    </EnvironmentContext.Provider>
  );
}

/** What /api/health says is off, or null when it says "ok". */
export function useDegradedNotice(): string | null {
  return useContext(DegradedContext);
}

export function useEnvironment(): DeploymentEnvironment | null {
  return useContext(EnvironmentContext);
}

export function titlePrefix(environment: DeploymentEnvironment | null): string {
  if (environment === "development") return "[DEV] ";
  if (environment === "staging") return "[STAGING] ";
  return "";
}

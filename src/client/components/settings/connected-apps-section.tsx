import type { ConnectedApp } from "../../api/oauth";
import { relativeDate } from "../../lib/format";
import { useConnectedAppsQuery, useRevokeConnectedApp } from "../../queries/oauth";
import { RevocableList, RevocableRow } from "./revocable-list";
import { SettingsSection } from "./settings-section";

/** AI assistants connected over OAuth (the MCP server): what each may do, and Revoke. */
export function ConnectedAppsSection() {
  return (
    <SettingsSection
      title="Connected apps"
      description={
        <>
          AI assistants you connected to <code>{`${window.location.origin}/mcp`}</code> (Claude, ChatGPT, Cursor...).
          Revoking one ends its access at once.
        </>
      }
    >
      <AppList />
    </SettingsSection>
  );
}

function AppList() {
  const apps = useConnectedAppsQuery();
  const revoke = useRevokeConnectedApp();
  return (
    <RevocableList
      query={apps}
      label="Your connected apps"
      texts={{
        loading: "Loading connected apps...",
        failed: "Failed to fetch connected apps",
        empty: "No apps are connected.",
      }}
    >
      {(app: ConnectedApp) => (
        <RevocableRow
          key={app.id}
          id={app.id}
          name={app.client_name}
          revoke={revoke}
          texts={{
            title: "Disconnect app?",
            action: "Disconnect",
            busy: "Disconnecting...",
            confirm: `Disconnect "${app.client_name}"? It will no longer reach your library.`,
            revoked: `${app.client_name} disconnected`,
            failed: "Failed to disconnect the app",
          }}
        >
          <strong className="token-name">{app.client_name}</strong>
          <span className="token-meta">Connected {relativeDate(app.connected_at)}</span>
          <ul className="connected-app-scopes" aria-label={`What ${app.client_name} may do`}>
            {app.scopes.map((line) => (
              <li key={line.scope}>{line.description}</li>
            ))}
          </ul>
        </RevocableRow>
      )}
    </RevocableList>
  );
}

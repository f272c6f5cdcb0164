import type { ConnectedApp } from "../../api/oauth";
import { useToast } from "../../hooks/use-toast";
import { relativeDate } from "../../lib/format";
import { useConnectedAppsQuery, useRevokeConnectedApp } from "../../queries/oauth";
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
  if (apps.isPending) return <p className="form-note">Loading connected apps...</p>;
  if (apps.isError) {
    return (
      <p className="error-box" role="alert">
        {apps.error.message || "Failed to fetch connected apps"}
      </p>
    );
  }
  if (apps.data.length === 0) return <p className="form-note">No apps are connected.</p>;
  return (
    <ul className="token-list" aria-label="Your connected apps">
      {apps.data.map((app) => (
        <AppRow key={app.id} app={app} />
      ))}
    </ul>
  );
}

function AppRow({ app }: { app: ConnectedApp }) {
  const toast = useToast();
  const revoke = useRevokeConnectedApp();

  async function confirmRevoke() {
    if (!window.confirm(`Disconnect "${app.client_name}"? It will no longer reach your library.`)) return;
    try {
      await revoke.mutateAsync(app.id);
      toast.success(`${app.client_name} disconnected`);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : "Failed to disconnect the app");
    }
  }

  return (
    <li className="token-row">
      <div>
        <strong className="token-name">{app.client_name}</strong>
        <span className="token-meta">Connected {relativeDate(app.connected_at)}</span>
        <ul className="connected-app-scopes" aria-label={`What ${app.client_name} may do`}>
          {app.scopes.map((line) => (
            <li key={line.scope}>{line.description}</li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void confirmRevoke()}
        disabled={revoke.isPending}
        aria-label={`Revoke ${app.client_name}`}
      >
        Revoke
      </button>
    </li>
  );
}

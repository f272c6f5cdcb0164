import { type FormEvent, useId, useState } from "react";
import type { ApiToken, CreatedApiToken } from "../../api/tokens";
import { relativeDate } from "../../lib/format";
import { useApiTokensQuery, useCreateApiToken, useRevokeApiToken } from "../../queries/tokens";
import { RevocableList, RevocableRow } from "./revocable-list";
import { SecretShownOnce } from "./secret-shown-once";
import { SettingsSection } from "./settings-section";

const NAME_MAX = 100;

/** Create (the secret shown once), list and revoke personal API tokens. */
export function ApiTokensSection() {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <SettingsSection
      title="API tokens"
      description={
        <>
          Tokens let scripts and the browser extension save to your library. Send one as{" "}
          <code>Authorization: Bearer &lt;token&gt;</code>. Every call is in the{" "}
          <a href="/api/docs" target="_blank" rel="noopener">
            API reference
          </a>
          .
        </>
      }
    >
      <CreateTokenForm onCreated={setCreated} />
      {/* Keyed by the token: a second token gets a fresh panel, not the first one's "Copied". */}
      {created && <NewTokenPanel key={created.id} token={created} onDone={() => setCreated(null)} />}
      <TokenList />
    </SettingsSection>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiToken();
  const inputId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError("Please give the token a name");
      return;
    }
    setError(null);
    try {
      onCreated(await create.mutateAsync(trimmed));
      setName("");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Failed to create API token");
    }
  }

  return (
    <form className="token-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={inputId}>Token name</label>
        <input
          id={inputId}
          value={name}
          maxLength={NAME_MAX}
          placeholder="e.g. Laptop extension"
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p className="field-error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        {create.isPending ? "Creating..." : "Create token"}
      </button>
    </form>
  );
}

function NewTokenPanel({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  return (
    <SecretShownOnce
      label={`New token ${token.name}`}
      warning={
        <>
          <strong>Copy your new token now.</strong> It will not be shown again: if you lose it, revoke it and create
          another.
        </>
      }
      secret={token.token}
      thing="token"
      copiedToast="Token copied"
      onDone={onDone}
    />
  );
}

function TokenList() {
  const tokens = useApiTokensQuery();
  const revoke = useRevokeApiToken();
  return (
    <RevocableList
      query={tokens}
      label="Your API tokens"
      texts={{
        loading: "Loading tokens...",
        failed: "Failed to fetch API tokens",
        empty: "You have no API tokens yet.",
      }}
    >
      {(token: ApiToken) => (
        <RevocableRow
          key={token.id}
          id={token.id}
          name={token.name}
          revoke={revoke}
          texts={{
            title: "Revoke API token?",
            action: "Revoke",
            busy: "Revoking...",
            confirm: `Revoke "${token.name}"? Anything using it will stop working.`,
            revoked: `Token "${token.name}" revoked`,
            failed: "Failed to revoke API token",
          }}
        >
          <strong className="token-name">{token.name}</strong>
          <span className="token-meta">
            Created {relativeDate(token.created_at)} · Last used{" "}
            {token.last_used_at ? relativeDate(token.last_used_at) : "never"}
          </span>
        </RevocableRow>
      )}
    </RevocableList>
  );
}

import { type FormEvent, useId, useState } from "react";
import { accountApi } from "../../api/account";
import { useAuth } from "../../hooks/use-auth";
import { useToast } from "../../hooks/use-toast";
import { ConfirmDialog } from "../article/confirm-dialog";
import { SettingsSection } from "./settings-section";

/** The danger zone (issue 23): deletes the account and everything in it, after the password and a confirm. */
export function DeleteAccountSection() {
  const auth = useAuth();
  const toast = useToast();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  function ask(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError("Enter your password to delete your account");
      return;
    }
    setError(null);
    setConfirming(true);
  }

  async function confirm() {
    setBusy(true);
    try {
      await accountApi.remove(password);
      await auth.accountDeleted();
      // Signed out: the route guard takes the user to /login, where this toast is shown.
      toast.success("Your account and everything in it have been deleted");
    } catch (failure) {
      setConfirming(false);
      setError(failure instanceof Error ? failure.message : "Failed to delete your account");
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      title="Delete account"
      description="Deletes your account and everything in it for good: articles, summaries, tags, ratings, topics, search history, API tokens and your save-by-email address. Export your library first if you want to keep it."
    >
      <form className="token-form danger-zone" onSubmit={ask} noValidate>
        <div className="field">
          <label htmlFor={inputId}>Your password</label>
          <input
            id={inputId}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <p className="field-error" id={errorId} role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button-danger">
          Delete my account
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        message="Your account and every article, tag, rating, topic and token in it will be deleted. This cannot be undone."
        confirmLabel="Delete everything"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}

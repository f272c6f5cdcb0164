import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useToast } from "../../hooks/use-toast";
import { ConfirmDialog } from "../article/confirm-dialog";

/**
 * A settings list of things that grant access (API tokens, connected apps): loading, error and empty texts, then
 * one row each with its details and a Revoke button. One component, so both lists load, fail and revoke alike.
 */
export function RevocableList<Item extends { id: number | string }>({
  query,
  label,
  texts,
  children,
}: {
  query: UseQueryResult<Item[], Error>;
  /** The list's accessible name ("Your API tokens"). */
  label: string;
  texts: { loading: string; failed: string; empty: string };
  /** One row: use RevocableRow. */
  children: (item: Item) => ReactNode;
}) {
  if (query.isPending) return <p className="form-note">{texts.loading}</p>;
  if (query.isError) {
    return (
      <p className="error-box" role="alert">
        {query.error.message || texts.failed}
      </p>
    );
  }
  if (query.data.length === 0) return <p className="form-note">{texts.empty}</p>;
  return (
    <ul className="token-list" aria-label={label}>
      {query.data.map(children)}
    </ul>
  );
}

/**
 * A row of RevocableList: its details, and Revoke after the product's confirm dialog (as every other confirmation),
 * with a toast either way.
 */
export function RevocableRow<Id>({
  id,
  name,
  revoke,
  texts,
  children,
}: {
  id: Id;
  name: string;
  revoke: UseMutationResult<unknown, Error, Id>;
  /** `title` and `action` name the dialog and its button ("Revoke token?", "Revoke"); `confirm` is its message. */
  texts: { title: string; action: string; busy: string; confirm: string; revoked: string; failed: string };
  children: ReactNode;
}) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);

  async function confirmRevoke() {
    try {
      await revoke.mutateAsync(id);
      toast.success(texts.revoked);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : texts.failed);
    } finally {
      setConfirming(false);
    }
  }

  return (
    <li className="token-row">
      <div>{children}</div>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setConfirming(true)}
        disabled={revoke.isPending}
        aria-label={`Revoke ${name}`}
      >
        Revoke
      </button>
      <ConfirmDialog
        open={confirming}
        title={texts.title}
        message={texts.confirm}
        confirmLabel={texts.action}
        busyLabel={texts.busy}
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

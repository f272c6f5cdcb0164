import { type ReactNode, useState } from "react";
import { useToast } from "../../hooks/use-toast";
import { copyText } from "../../lib/clipboard";

/**
 * A secret the server shows once (an API token, a published feed's address): the warning, the secret, Copy and
 * Done. `thing` names it in the copy toasts ("Token copied", "select the token and copy it by hand").
 */
export function SecretShownOnce({
  label,
  warning,
  secret,
  thing,
  copiedToast,
  onDone,
}: {
  label: string;
  warning: ReactNode;
  secret: string;
  thing: string;
  copiedToast: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await copyText(secret);
      setCopied(true);
      toast.success(copiedToast);
    } catch {
      toast.error(`Could not copy: select the ${thing} and copy it by hand`);
    }
  }

  return (
    <div className="new-token" role="status" aria-label={label}>
      <p>{warning}</p>
      <code className="new-token-secret">{secret}</code>
      <div className="new-token-actions">
        <button type="button" className="button button-primary" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

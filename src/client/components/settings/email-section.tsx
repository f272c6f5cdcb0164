import { useState } from "react";
import { useToast } from "../../hooks/use-toast";
import { copyText } from "../../lib/clipboard";
import { useEmailAddress, useRotateEmailAddress } from "../../queries/email-address";
import { ConfirmDialog } from "../article/confirm-dialog";
import { SettingsSection } from "./settings-section";

/**
 * Settings: the private address that saves what the user emails to it (forwarded links, or a newsletter), with
 * Copy and a Rotate that confirms first, since the old address stops working at once.
 */
export function EmailSection() {
  const address = useEmailAddress();
  const rotate = useRotateEmailAddress();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);

  async function copy(text: string) {
    try {
      await copyText(text);
      toast.success("Copied to clipboard");
    } catch {
      toast.error("Could not copy: select the address and copy it by hand");
    }
  }

  function confirmRotate() {
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success("New address created. The old one no longer works.");
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(error.message);
      },
    });
  }

  return (
    <SettingsSection
      title="Save by email"
      description="Forward an email with links to this address and each link is saved; forward a newsletter and it is saved as an article. Subscribe to newsletters with it and their issues arrive in your Feed, one source per sender. Other mail is refused."
    >
      {address.isPending ? (
        <p className="form-note">Loading your address...</p>
      ) : address.isError ? (
        <p className="error-box" role="alert">
          {address.error.message}
        </p>
      ) : (
        <div className="settings-row">
          <span className="settings-label">Your address</span>
          <code className="settings-value">{address.data.address}</code>
          <button type="button" className="button button-secondary" onClick={() => void copy(address.data.address)}>
            Copy
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
            Rotate
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Rotate email address"
        message="Create a new address? Mail sent to the current one will be refused from now on."
        confirmLabel="Rotate"
        busyLabel="Rotating..."
        busy={rotate.isPending}
        onConfirm={confirmRotate}
        onCancel={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}

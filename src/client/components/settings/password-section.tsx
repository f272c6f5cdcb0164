import { type FormEvent, useId, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useToast } from "../../hooks/use-toast";
import { SettingsSection } from "./settings-section";

/** The rule register applies (spec §5), here for the new password. */
const MIN_LENGTH = 8;

type Field = "current" | "next" | "confirm";

/** The form's own checks, in the register screen's words (spec §5); the server checks the current password. */
function check(current: string, next: string, confirm: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!current) errors.current = "Enter your current password";
  if (!next) errors.next = "Password is required";
  else if (next.length < MIN_LENGTH) errors.next = `Password must be at least ${MIN_LENGTH} characters long`;
  if (!confirm) errors.confirm = "Please confirm your password";
  else if (confirm !== next) errors.confirm = "Passwords do not match";
  return errors;
}

/**
 * Change the password (issue 50): the current one is required; every other session, on every device, then ends,
 * and this one carries on. API tokens and connected apps are separate grants (docs/decisions.md): they keep
 * working, and the sections above revoke them.
 */
export function PasswordSection() {
  const auth = useAuth();
  const toast = useToast();
  const [values, setValues] = useState<Record<Field, string>>({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { current: useId(), next: useId(), confirm: useId() };
  const errorIds = { current: useId(), next: useId(), confirm: useId() };
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(values.current, values.next, values.confirm);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await auth.changePassword(values.current, values.next);
      setValues({ current: "", next: "", confirm: "" });
      toast.success("Password changed. Every other session was signed out.");
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "Failed to change the password");
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <div className="field">
      <label htmlFor={ids[name]}>{label}</label>
      <input
        id={ids[name]}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={
          [hint ? hintId : null, errors[name] ? errorIds[name] : null].filter(Boolean).join(" ") || undefined
        }
      />
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {errors[name] && (
        <p className="field-error" id={errorIds[name]} role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <SettingsSection
      title="Password"
      description="Changing your password signs you out everywhere else: on every other device and browser. API tokens and connected apps keep working; revoke any you do not recognise in their sections."
    >
      <form className="password-form" onSubmit={submit} noValidate>
        {field("current", "Current password", "current-password")}
        {field("next", "New password", "new-password", `Must be at least ${MIN_LENGTH} characters long`)}
        {field("confirm", "Confirm new password", "new-password")}
        {failure && (
          <p className="error-box" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Changing..." : "Change password"}
        </button>
      </form>
    </SettingsSection>
  );
}

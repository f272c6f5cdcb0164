import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthCard, ErrorBox, Field } from "../components/auth-card";
import { useAuth } from "../hooks/use-auth";
import { usePageTitle } from "../hooks/use-page-title";
import { useSubmission } from "../hooks/use-submission";
import { type RegisterErrors, type RegisterForm, validateRegister } from "../lib/validation";

export function RegisterPage() {
  usePageTitle("Create account");
  const { register } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterForm>({ email: "", password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<RegisterErrors>({});
  const { busy, error, run } = useSubmission("Registration failed");

  const update = (field: keyof RegisterForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // Clear a field's message as soon as the user edits it.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegister(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (await run(() => register(form.email, form.password))) navigate("/dashboard", { replace: true });
  }

  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <ErrorBox message={error} />
        <Field
          id="email"
          label="Email"
          type="email"
          value={form.email}
          onChange={update("email")}
          error={errors.email}
          autoComplete="email"
        />
        <Field
          id="password"
          label="Password"
          type="password"
          value={form.password}
          onChange={update("password")}
          error={errors.password}
          hint="Must be at least 8 characters long"
          autoComplete="new-password"
        />
        <Field
          id="confirmPassword"
          label="Confirm password"
          type="password"
          value={form.confirmPassword}
          onChange={update("confirmPassword")}
          error={errors.confirmPassword}
          autoComplete="new-password"
        />
        <p className="form-note">
          By creating an account you confirm you are at least 13 and agree to the <Link to="/terms">Terms</Link> and{" "}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? "Creating account..." : "Create account"}
        </button>
      </form>
    </AuthCard>
  );
}

import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { AuthCard, ErrorBox, Field } from "../components/auth-card";
import { FullPageSpinner } from "../components/spinner";
import { useAuth } from "../hooks/use-auth";
import { usePageTitle } from "../hooks/use-page-title";
import { useSubmission } from "../hooks/use-submission";
import { resolveReturnTarget } from "../lib/return-target";
import { validateLogin } from "../lib/validation";

export function LoginPage() {
  usePageTitle("Sign in");
  const { status, user, login, signedOut, acknowledgeSignOut } = useAuth();
  const location = useLocation();
  const target = useMemo(
    () => resolveReturnTarget(location.search, location.state, window.location.origin),
    [location.search, location.state],
  );
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const { busy, error, run } = useSubmission("Login failed");

  // The sign-out redirect has landed here: the next signed-out visit elsewhere keeps its return target again.
  useEffect(() => {
    if (signedOut) acknowledgeSignOut();
  }, [signedOut, acknowledgeSignOut]);

  const redirectingOut = status === "authenticated" && target.kind === "external";
  useEffect(() => {
    if (redirectingOut && target.kind === "external") window.location.assign(target.url);
  }, [redirectingOut, target]);

  if (status === "loading") return <FullPageSpinner />;
  // Already signed in, the reader sees which account the waiting app will ask about before the consent screen.
  if (redirectingOut) {
    const account = user ? `Signed in as ${user.email}. ` : "";
    return <FullPageSpinner label={`${account}Redirecting to authorization...`} />;
  }
  if (status === "authenticated" && target.kind === "route") return <Navigate to={target.path} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    // On success the auth status changes and this page re-renders into the return target.
    await run(() => login(email, password));
  }

  return (
    <AuthCard
      title="Sign in to your account"
      footer={
        <>
          New to VibeRead? <Link to="/register">Create an account</Link>
        </>
      }
    >
      {target.kind === "external" && (
        <p className="form-note waiting-app" role="note">
          An app is waiting to connect to your VibeRead library. Sign in, then you will see what it asks for and can
          approve or deny it.
        </p>
      )}
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <ErrorBox message={error} />
        <Field
          id="email"
          label="Email"
          type="email"
          value={email}
          onChange={setEmail}
          error={fieldErrors.email}
          autoComplete="email"
        />
        <Field
          id="password"
          label="Password"
          type="password"
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
          autoComplete="current-password"
        />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </button>
      </form>
    </AuthCard>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoMark, SLOGAN } from "./logo";

/** The centred card the sign-in and sign-up screens share, with the legal links under it. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <main className="auth-page" id="main">
      <div className="auth-card">
        <div className="auth-brand">
          <LogoMark size={48} />
          <div>
            <div className="brand-name">VibeRead</div>
            <div className="brand-tagline">{SLOGAN}</div>
          </div>
        </div>
        <h1>{title}</h1>
        {children}
        <p className="auth-switch">{footer}</p>
      </div>
      <nav className="legal-links" aria-label="Legal">
        <Link to="/terms">Terms of Service</Link>
        <span aria-hidden="true">·</span>
        <Link to="/privacy">Privacy Policy</Link>
      </nav>
    </main>
  );
}

/** The form-level error (the server's `detail`), announced when it appears. */
export function ErrorBox({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="error-box" role="alert">
      {message}
    </div>
  );
}

interface FieldProps {
  id: string;
  label: string;
  type: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
  autoComplete: string;
}

/** A labelled input with its inline error (announced, and tied to the input for screen readers). */
export function Field({ id, label, type, value, onChange, error, hint, autoComplete }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && !error ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

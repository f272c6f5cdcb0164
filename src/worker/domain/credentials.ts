import { z } from "zod";

/** Shared by register and login: emails are trimmed and compared case-insensitively. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
const EMAIL_MAX_LENGTH = 254;
// Deliberately simple: one @, no spaces or control characters, a dot in the domain. The real check is that
// mail arrives.
const EMAIL_SHAPE = /^[^\s@\p{C}]+@[^\s@\p{C}]+\.[^\s@\p{C}]+$/u;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z
  .string({ error: "email must be a string" })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, "email is required")
      .max(EMAIL_MAX_LENGTH, `email must be at most ${EMAIL_MAX_LENGTH} characters`)
      .regex(EMAIL_SHAPE, "email must be a valid email address"),
  )
  // What the OpenAPI document states (the input side of the pipe is a plain string otherwise).
  .meta({
    format: "email",
    maxLength: EMAIL_MAX_LENGTH,
    description: "An email address: one @, a dot in the domain, no spaces; trimmed and compared without case.",
  });

export const newPasswordSchema = z
  .string({ error: "password must be a string" })
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

export const registerBodySchema = z.object({ email: emailSchema, password: newPasswordSchema });

/** Login does not re-check password rules (they may change); it only bounds the input. */
export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "password must be a string" })
    .min(1, "password is required")
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
});

/** A password change: the current password (bounded only, as at login) and the new one (the rules of register). */
export const changePasswordBodySchema = z.object({
  current_password: z
    .string({ error: "current_password must be a string" })
    .min(1, "current_password is required")
    .max(PASSWORD_MAX_LENGTH, `current_password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
  new_password: z
    .string({ error: "new_password must be a string" })
    .min(PASSWORD_MIN_LENGTH, `new_password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
    .max(PASSWORD_MAX_LENGTH, `new_password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
});

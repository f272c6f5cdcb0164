/** Client-side form checks with the exact messages of spec §5. The server checks again. */
export const PASSWORD_MIN_LENGTH = 8;
const EMAIL_SHAPE = /^\S+@\S+\.\S+$/;

export interface RegisterForm {
  email: string;
  password: string;
  confirmPassword: string;
}
export type RegisterErrors = Partial<Record<keyof RegisterForm, string>>;

export function validateRegister(form: RegisterForm): RegisterErrors {
  const errors: RegisterErrors = {};
  const email = form.email.trim();
  if (!email) errors.email = "Email is required";
  else if (!EMAIL_SHAPE.test(email)) errors.email = "Email address is invalid";

  if (!form.password) errors.password = "Password is required";
  else if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = "Password must be at least 8 characters long";

  if (!form.confirmPassword) errors.confirmPassword = "Please confirm your password";
  else if (form.confirmPassword !== form.password) errors.confirmPassword = "Passwords do not match";
  return errors;
}

export interface LoginForm {
  email: string;
  password: string;
}

export function validateLogin(form: LoginForm): Partial<Record<keyof LoginForm, string>> {
  const errors: Partial<Record<keyof LoginForm, string>> = {};
  if (!form.email.trim()) errors.email = "Email is required";
  if (!form.password) errors.password = "Password is required";
  return errors;
}

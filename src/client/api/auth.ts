import type { StoredUser } from "../lib/auth-storage";
import { request } from "./client";

export interface AuthSession {
  access_token: string;
  token_type: "bearer";
  user: StoredUser;
}

export const authApi = {
  register: (email: string, password: string) =>
    request<AuthSession>("POST", "/api/auth/register", {
      body: { email, password },
      defaultError: "Registration failed",
    }),
  login: (email: string, password: string) =>
    request<AuthSession>("POST", "/api/auth/login", { body: { email, password }, defaultError: "Login failed" }),
  me: () => request<StoredUser>("GET", "/api/auth/me", { defaultError: "Failed to get user information" }),
  logout: () => request<null>("POST", "/api/auth/logout", { defaultError: "Logout failed" }),
  /** Ends every web session of the account; the answer is this device's new one. */
  changePassword: (currentPassword: string, newPassword: string) =>
    request<AuthSession>("POST", "/api/auth/password", {
      body: { current_password: currentPassword, new_password: newPassword },
      defaultError: "Failed to change the password",
    }),
};

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
};

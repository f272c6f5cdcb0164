import { request } from "./client";

export const accountApi = {
  /** Deletes the account and everything in it; the password confirms it is the owner. */
  remove: (password: string) =>
    request<null>("DELETE", "/api/account", { body: { password }, defaultError: "Failed to delete your account" }),
};

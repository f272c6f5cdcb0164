import { request } from "./client";

/** The signed-in user's private save-by-email address. */
export interface EmailAddress {
  address: string;
}

export const emailAddressApi = {
  get: () => request<EmailAddress>("GET", "/api/email-address", { defaultError: "Failed to load your email address" }),
  rotate: () =>
    request<EmailAddress>("POST", "/api/email-address/rotate", {
      defaultError: "Failed to create a new email address",
    }),
};

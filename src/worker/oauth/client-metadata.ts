import type { ClientRegistrationCallbackOptions } from "@cloudflare/workers-oauth-provider";

/**
 * Limits on what a client registers (RFC 7591), checked before it is stored: the provider accepts any length, so
 * a 100,000-character name would be kept for 90 days and shown on the consent screen. What real MCP clients send
 * is far inside them.
 */
export const CLIENT_METADATA_LIMITS = {
  client_name: 200,
  uri: 2048,
  redirect_uris: 20,
  contacts: 10,
  contact: 320,
  other_string: 2048,
  other_list: 50,
} as const;

const URI_FIELDS = new Set(["client_uri", "logo_uri", "policy_uri", "tos_uri", "jwks_uri", "redirect_uris"]);

/** Why the metadata is refused, naming the field; undefined when it is within the limits. */
export function clientMetadataProblem(metadata: Record<string, unknown>): string | undefined {
  const limits = CLIENT_METADATA_LIMITS;
  for (const [field, value] of Object.entries(metadata)) {
    if (typeof value === "string") {
      const max =
        field === "client_name" ? limits.client_name : URI_FIELDS.has(field) ? limits.uri : limits.other_string;
      if (value.length > max) return `${field} must be at most ${max} characters`;
    } else if (Array.isArray(value)) {
      const maxItems =
        field === "redirect_uris" ? limits.redirect_uris : field === "contacts" ? limits.contacts : limits.other_list;
      if (value.length > maxItems) return `${field} may list at most ${maxItems} entries`;
      const maxLength =
        field === "contacts" ? limits.contact : URI_FIELDS.has(field) ? limits.uri : limits.other_string;
      const long = value.findIndex((item) => typeof item === "string" && item.length > maxLength);
      if (long >= 0) return `${field}.${long} must be at most ${maxLength} characters`;
    } else if (value && typeof value === "object" && JSON.stringify(value).length > 16 * 1024) {
      return `${field} must be at most 16 KB of JSON`;
    }
  }
  return undefined;
}

/** The provider's registration hook: a refusal is a 400 `invalid_client_metadata` naming the field. */
export function checkClientRegistration({ clientMetadata }: ClientRegistrationCallbackOptions) {
  const problem = clientMetadataProblem(clientMetadata);
  return problem ? { code: "invalid_client_metadata", description: problem, status: 400 } : undefined;
}

/**
 * What an AI assistant connected over OAuth may do, in the words the consent screen and Settings show.
 * Reading is the baseline every connection needs; saving and changing are separate so that a user can connect
 * an assistant that only reads.
 */
export const OAUTH_SCOPES = {
  "library:read":
    "Read your library: search, list and open your articles, topics, reading statistics, subscriptions and Feed",
  "articles:write": "Save new articles to your library and follow feeds",
  "articles:update": "Mark articles read or unread, rate them and highlight passages in them",
} as const;

export type OAuthScope = keyof typeof OAUTH_SCOPES;

export const ALL_SCOPES = Object.keys(OAUTH_SCOPES) as OAuthScope[];
/** What any access needs, so MCP clients request it first (the resource's `requiredScopes`). */
export const BASELINE_SCOPES: OAuthScope[] = ["library:read"];

export function isOAuthScope(scope: string): scope is OAuthScope {
  return Object.hasOwn(OAUTH_SCOPES, scope);
}

/**
 * The scopes a consent grants: the known ones the client asked for, plus the baseline (an assistant that cannot
 * read the library can do nothing useful). A client that names no scope at all asks for everything.
 */
export function scopesToGrant(requested: readonly string[]): OAuthScope[] {
  const known = requested.filter(isOAuthScope);
  if (requested.length === 0) return [...ALL_SCOPES];
  return ALL_SCOPES.filter((scope) => known.includes(scope) || BASELINE_SCOPES.includes(scope));
}

/** One line per scope, for the consent screen and the list of connected apps. */
export function describeScopes(scopes: readonly string[]): { scope: string; description: string }[] {
  return scopes.filter(isOAuthScope).map((scope) => ({ scope, description: OAUTH_SCOPES[scope] }));
}

/** The MCP tools that change the library, and the scope each needs; every other tool only reads. */
const CHANGING_TOOLS: Readonly<Record<string, OAuthScope>> = {
  save_articles: "articles:write",
  subscribe_to_feeds: "articles:write",
  save_feed_item: "articles:write",
  mark_read: "articles:update",
  mark_unread: "articles:update",
  rate_article: "articles:update",
  add_highlight: "articles:update",
};

/** The scope an MCP tool call needs (unknown tools read: the server answers them "not found"). */
export function scopeForTool(name: string): OAuthScope {
  return Object.hasOwn(CHANGING_TOOLS, name) ? (CHANGING_TOOLS[name] as OAuthScope) : "library:read";
}

import {
  AuthorizationError,
  type AuthRequest,
  authorizationErrorRedirect,
  CimdFetchError,
  type OAuthHelpers,
} from "@cloudflare/workers-oauth-provider";
import { AppError, NotFound } from "../domain/errors";
import { describeScopes, scopesToGrant } from "../domain/oauth-scopes";
import type { McpProps } from "../mcp/mcp-handler";

/** A grant the user can list and revoke: the app, what it may do, and when it was connected. */
export interface ConnectedApp {
  id: string;
  client_name: string;
  scopes: { scope: string; description: string }[];
  connected_at: string;
}

/**
 * The consent decision and the list of connected apps, over the OAuth provider's helpers. `authorizeUrl` is the
 * /authorize URL the consent screen was opened with: it is parsed again here (client, exact registered redirect
 * URI, PKCE), so nothing the page sends is trusted beyond what that validation accepts.
 */
export function createConnectedAppsService(oauth: OAuthHelpers) {
  async function parse(authorizeUrl: string): Promise<AuthRequest> {
    try {
      return await oauth.parseAuthRequest(new Request(authorizeUrl));
    } catch (error) {
      if (error instanceof AuthorizationError)
        throw new AppError(400, `This authorization request is not valid: ${error.description}`);
      if (error instanceof CimdFetchError) throw new AppError(400, "The app's registration could not be read");
      throw error;
    }
  }

  async function clientName(clientId: string): Promise<string> {
    const client = await oauth.lookupClient(clientId).catch(() => null);
    return client?.clientName?.trim() || "An unnamed app";
  }

  async function list(userId: number): Promise<ConnectedApp[]> {
    const apps: ConnectedApp[] = [];
    let cursor: string | undefined;
    do {
      const page = await oauth.listUserGrants(String(userId), { cursor });
      for (const grant of page.items) {
        apps.push({
          id: grant.id,
          // The name stored with the grant outlives the client's registration (which expires after 90 days).
          client_name:
            typeof grant.metadata?.clientName === "string"
              ? grant.metadata.clientName
              : await clientName(grant.clientId),
          scopes: describeScopes(grant.scope),
          connected_at: new Date(grant.createdAt * 1000).toISOString(),
        });
      }
      cursor = page.cursor;
    } while (cursor);
    return apps.sort((a, b) => b.connected_at.localeCompare(a.connected_at));
  }

  return {
    /** What the consent screen shows: the app, where access goes, and what it may do in plain words. */
    async describe(authorizeUrl: string) {
      const request = await parse(authorizeUrl);
      const details = await oauth.describeConsent(request);
      return {
        client_name: details.clientName?.trim() || "An unnamed app",
        client_domain: details.clientDomain ?? null,
        redirect_host: details.redirectHost,
        redirect_is_local: details.redirectIsLoopback,
        scopes: describeScopes(scopesToGrant(request.scope)),
      };
    },

    /** Approves (a grant, and the redirect with the code) or denies (the redirect with access_denied). */
    async decide(userId: number, authorizeUrl: string, approve: boolean): Promise<{ redirect_to: string }> {
      const request = await parse(authorizeUrl);
      if (!approve) return { redirect_to: authorizationErrorRedirect(request, "access_denied") };
      const scope = scopesToGrant(request.scope);
      const props: McpProps = { userId };
      const { redirectTo } = await oauth.completeAuthorization({
        request,
        userId: String(userId),
        metadata: { clientName: await clientName(request.clientId) },
        scope,
        props,
      });
      return { redirect_to: redirectTo };
    },

    list,

    /** Revokes every grant of the user and their tokens (account deletion). */
    async revokeAll(userId: number): Promise<void> {
      for (const app of await list(userId)) await oauth.revokeGrant(app.id, String(userId));
    },

    /** Revokes the grant and its tokens; someone else's grant id is "not found", like every other id. */
    async revoke(userId: number, grantId: string): Promise<void> {
      const owned = (await list(userId)).some((app) => app.id === grantId);
      if (!owned) throw new NotFound("Connected app not found");
      await oauth.revokeGrant(grantId, String(userId));
    },
  };
}

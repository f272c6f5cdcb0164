import { AuthorizationError, CimdFetchError, type OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { escapeHtml } from "../domain/escape-html";

type EnvWithHelpers = Env & { OAUTH_PROVIDER: OAuthHelpers };

/** An error shown on this origin: the request named no client and redirect URI that may receive it. */
function errorPage(message: string): Response {
  const body = `<!doctype html><meta charset="utf-8"><title>Cannot connect the app</title>
<h1>This app cannot connect to VibeRead</h1><p>${escapeHtml(message)}</p><p><a href="/#/dashboard">Go to Dashboard</a></p>`;
  return new Response(body, {
    status: 400,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "default-src 'none'" },
  });
}

/**
 * GET /authorize, the one OAuth page this app owns. The browser's session is a bearer token in localStorage,
 * which a top-level navigation cannot carry, so the Worker cannot tell who is signed in here: it only checks the
 * request (client, exact registered redirect URI, PKCE S256) and hands it to the SPA's consent screen
 * (/#/authorize with the same query). That screen signs the user in first if needed (/#/login with this URL as
 * the return target) and posts the decision with the bearer token to /api/oauth/consent, which completes it.
 */
export const authorizeHandler = {
  async fetch(request: Request, env: Env): Promise<Response> {
    // The provider adds its helpers to the env it hands its default handler.
    const oauth = (env as EnvWithHelpers).OAUTH_PROVIDER;
    const url = new URL(request.url);
    if (url.pathname !== "/authorize") {
      return Response.json({ detail: `Not found: ${request.method} ${url.pathname}` }, { status: 404 });
    }
    if (request.method !== "GET") return Response.json({ detail: "Use GET for /authorize" }, { status: 405 });
    try {
      await oauth.parseAuthRequest(request);
    } catch (error) {
      // A redirect back is safe only once the client and its exact redirect URI were validated.
      if (error instanceof AuthorizationError && error.redirectTo) return Response.redirect(error.redirectTo, 302);
      if (error instanceof AuthorizationError) return errorPage(error.description);
      if (error instanceof CimdFetchError) return errorPage("The app's registration could not be read.");
      throw error;
    }
    return Response.redirect(`${url.origin}/#/authorize${url.search}`, 302);
  },
};

import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../context";
import { changePasswordBodySchema, loginBodySchema, registerBodySchema } from "../domain/credentials";
import { clientAddress } from "../middleware/client-address";
import { requireAuth, WEB_SESSION_ONLY, webSession } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors, jsonResponse, noContent } from "../openapi/responses";
import { toPublicUser } from "../services/auth-service";
import { publicUserJson, sessionJson } from "./auth-schemas";

const tags = ["Account"];

export const authRoutes = new Hono<AppEnv>()
  .post(
    "/register",
    describeRoute({
      tags,
      summary: "Create an account",
      description: "Creates the account and signs it in: the answer is a web session.",
      security: [],
      responses: { 201: jsonResponse("The new account's session.", sessionJson), ...errors(409) },
    }),
    validate("json", registerBodySchema),
    async (c) => {
      const { email, password } = c.req.valid("json");
      return c.json(await c.var.services.auth.register(email, password), 201);
    },
  )
  .post(
    "/login",
    describeRoute({
      tags,
      summary: "Sign in",
      description:
        "Answers a web session: send its `access_token` as `Authorization: Bearer ...`. Too many failed attempts " +
        "for an email or from one address answer 429 for a while.",
      security: [],
      responses: { 200: jsonResponse("The session.", sessionJson), ...errors(401, 429) },
    }),
    validate("json", loginBodySchema),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const session = await c.var.services.auth.login(email, password, clientAddress(c));
      return c.json(session, 200);
    },
  )
  .get(
    "/me",
    describeRoute({ tags, summary: "Who is signed in", responses: { 200: jsonResponse("The user.", publicUserJson) } }),
    requireAuth,
    (c) => c.json(toPublicUser(c.var.auth.user), 200),
  )
  .post(
    "/password",
    describeRoute({
      ...WEB_SESSION_ONLY,
      tags,
      summary: "Change the password",
      description:
        "Needs the current password (403 when it is wrong; wrong attempts are throttled like sign-ins). Every web " +
        "session ends, on every device; the answer is a new session for this one. API tokens and connected apps " +
        "keep working: revoke them in Settings.",
      responses: { 200: jsonResponse("A new session for this device.", sessionJson), ...errors(403, 429) },
    }),
    requireAuth,
    validate("json", changePasswordBodySchema),
    async (c) => {
      const { user } = webSession(c.var.auth);
      const { current_password, new_password } = c.req.valid("json");
      const session = await c.var.services.auth.changePassword(user, current_password, new_password, clientAddress(c));
      return c.json(session, 200);
    },
  )
  .post(
    "/logout",
    describeRoute({
      ...WEB_SESSION_ONLY,
      tags,
      summary: "Sign out",
      description: "Ends this web session (its token is refused from now on).",
      responses: { 204: noContent, ...errors(403) },
    }),
    requireAuth,
    async (c) => {
      const { user, jti, expiresAt } = webSession(c.var.auth);
      await c.var.services.auth.logout(user.id, jti, expiresAt);
      return c.body(null, 204);
    },
  );

import { Hono } from "hono";
import type { AppEnv } from "../context";
import { loginBodySchema, registerBodySchema } from "../domain/credentials";
import { clientAddress } from "../middleware/client-address";
import { requireAuth, webSession } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { toPublicUser } from "../services/auth-service";

export const authRoutes = new Hono<AppEnv>()
  .post("/register", validate("json", registerBodySchema), async (c) => {
    const { email, password } = c.req.valid("json");
    return c.json(await c.var.services.auth.register(email, password), 201);
  })
  .post("/login", validate("json", loginBodySchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const session = await c.var.services.auth.login(email, password, clientAddress(c));
    return c.json(session, 200);
  })
  .get("/me", requireAuth, (c) => c.json(toPublicUser(c.var.auth.user), 200))
  .post("/logout", requireAuth, async (c) => {
    const { user, jti, expiresAt } = webSession(c.var.auth);
    await c.var.services.auth.logout(user.id, jti, expiresAt);
    return c.body(null, 204);
  });

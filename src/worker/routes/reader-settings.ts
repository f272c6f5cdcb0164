import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { jsonResponse } from "../openapi/responses";
import { readerSettingsBody, readerSettingsJson } from "./reader-settings-schemas";

const tags = ["Reader settings"];

/** The reader's type and theme (font, size, line height, width, alignment, theme), the same on every device. */
export const readerSettingsRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    describeRoute({
      tags,
      summary: "Your reader settings",
      description: "Font, size, line height, width, alignment and theme; the defaults until first changed.",
      responses: { 200: jsonResponse("The settings.", readerSettingsJson) },
    }),
    async (c) => c.json(await c.var.services.readerSettings.current(c.var.auth.user.id), 200),
  )
  .put(
    "/",
    describeRoute({
      tags,
      summary: "Change your reader settings",
      description:
        "Replaces the whole document. With `client_updated_at`, a change made earlier than the stored one (a " +
        "device back online) leaves the stored one; the answer is what is stored afterwards.",
      responses: { 200: jsonResponse("The settings now stored.", readerSettingsJson) },
    }),
    validate("json", readerSettingsBody),
    async (c) => {
      const { client_updated_at, ...settings } = c.req.valid("json");
      return c.json(await c.var.services.readerSettings.save(c.var.auth.user.id, settings, client_updated_at), 200);
    },
  );

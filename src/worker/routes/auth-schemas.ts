import { z } from "zod";
import { isoTime } from "./article-schemas";

/** Response shapes of the auth API (services/auth-service.ts). The request shapes are in domain/credentials.ts. */
export const publicUserJson = z
  .object({ id: z.int(), email: z.string().meta({ format: "email" }), created_at: isoTime() })
  .meta({ id: "User" });

export const sessionJson = z
  .object({
    access_token: z.string().meta({ description: "The web session's JWT: send it as `Authorization: Bearer ...`." }),
    token_type: z.literal("bearer"),
    user: publicUserJson,
  })
  .meta({ id: "Session" });

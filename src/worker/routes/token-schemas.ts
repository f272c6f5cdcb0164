import { z } from "zod";
import { isoTime } from "./article-schemas";

/** Response shapes of personal API tokens (services/api-token-service.ts). */
export const apiTokenJson = z
  .object({ id: z.int(), name: z.string(), created_at: isoTime(), last_used_at: isoTime().nullable() })
  .meta({ id: "ApiToken" });

export const apiTokenListJson = z.array(apiTokenJson).meta({ id: "ApiTokenList" });

export const createdApiTokenJson = apiTokenJson
  .extend({ token: z.string().meta({ description: "The token (`vr_...`), shown this once and never again." }) })
  .meta({ id: "CreatedApiToken" });

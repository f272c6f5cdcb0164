import { z } from "zod";
import { isoTime } from "./article-schemas";

/** Response shapes of consent and connected apps (services/connected-apps-service.ts). */
const scopeLine = z.object({ scope: z.string(), description: z.string() });

export const consentDetailsJson = z
  .object({
    client_name: z.string(),
    client_domain: z.string().nullable(),
    redirect_host: z.string(),
    redirect_is_local: z.boolean(),
    scopes: z.array(scopeLine),
  })
  .meta({ id: "ConsentDetails" });

export const consentDecisionJson = z
  .object({ redirect_to: z.string().meta({ description: "Where to send the browser next (the app's redirect)." }) })
  .meta({ id: "ConsentDecision" });

export const connectedAppListJson = z
  .array(z.object({ id: z.string(), client_name: z.string(), scopes: z.array(scopeLine), connected_at: isoTime() }))
  .meta({ id: "ConnectedAppList" });

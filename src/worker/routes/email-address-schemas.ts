import { z } from "zod";

/** GET /api/email-address and its rotation (services/email-capture-service.ts). */
export const emailAddressJson = z
  .object({ address: z.string().meta({ description: "Mail sent here is saved to the library." }) })
  .meta({ id: "EmailAddress" });

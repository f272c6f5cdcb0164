import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { InvalidInput } from "../domain/errors";
import { illFormedQueryParameter } from "../domain/valid-text";

/**
 * Refuses a request whose query holds a parameter that is not text (a NUL, or bytes that are not UTF-8) with 422
 * naming it, as a JSON body's field is named (body-limit.ts). Every route at once, declared parameters or not:
 * no route, repository or FTS5 query sees such a value (a NUL ended an FTS5 query early: a 500).
 */
export const queryText = createMiddleware<AppEnv>(async (c, next) => {
  const problem = illFormedQueryParameter(new URL(c.req.url).search);
  if (problem) throw new InvalidInput(problem);
  await next();
});

import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { type AppEnv, createServices } from "./context";
import { AppError, ModelUnavailable, TooManyRequests } from "./domain/errors";
import { bodyLimit } from "./middleware/body-limit";
import { accountRoutes } from "./routes/account";
import { apiReferenceRoutes } from "./routes/api-reference";
import { articleRoutes } from "./routes/articles";
import { authRoutes } from "./routes/auth";
import { devFakeSpeechRoutes } from "./routes/dev-fake-speech";
import { emailAddressRoutes } from "./routes/email-address";
import { exportRoutes } from "./routes/export";
import { healthRoutes } from "./routes/health";
import { articleHighlightRoutes, highlightRoutes } from "./routes/highlights";
import { imageRoutes } from "./routes/images";
import { importRoutes } from "./routes/imports";
import { listenRoutes } from "./routes/listen";
import { oauthRoutes } from "./routes/oauth";
import { searchRoutes } from "./routes/search";
import { tagRoutes } from "./routes/tags";
import { tokenRoutes } from "./routes/tokens";
import { topicRoutes } from "./routes/topics";

/** Request bodies above this are refused with 413 before anything parses them (see middleware/body-limit.ts). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Bulk saves carry up to 500 URLs of up to 2,048 characters. */
export const MAX_BULK_BODY_BYTES = 1536 * 1024;
/** A single save may carry the page's HTML (up to 5 MB, more once escaped in JSON). */
export const MAX_SAVE_BODY_BYTES = 6 * 1024 * 1024;
/**
 * An import upload (issue 23): a 10,000-row Pocket CSV is 1 to 2 MB; an Omnivore zip with its content can be tens
 * of MB. The upload is held about three times over (the read body, the form's file, its bytes) within the
 * isolate's 128 MB, so 25 MB; only an Omnivore zip's metadata files are needed, and a zip of just those is small.
 * Text formats are further held to 15 MB (services/import-service.ts).
 */
export const MAX_IMPORT_BODY_BYTES = 25 * 1024 * 1024;
const IMPORT_UPLOAD_PATH = /\/imports\/?$/;

function maxBodyBytes(path: string): number {
  if (/\/articles\/bulk\/?$/.test(path)) return MAX_BULK_BODY_BYTES;
  if (IMPORT_UPLOAD_PATH.test(path)) return MAX_IMPORT_BODY_BYTES;
  if (/\/articles\/?$/.test(path)) return MAX_SAVE_BODY_BYTES;
  return MAX_BODY_BYTES;
}

export function createApp() {
  const app = new Hono<AppEnv>({ strict: false }).basePath("/api");

  app.use(secureHeaders());
  // First, so that nothing after it can answer with an unread body behind the response.
  app.use(bodyLimit(maxBodyBytes));
  app.use(async (c, next) => {
    const services = createServices(c.env);
    c.set("services", services);
    c.set("config", services.config);
    await next();
  });
  // A body sent as anything but JSON would otherwise be read as empty and fail field by field.
  app.use(async (c, next) => {
    const hasBody = c.req.header("content-length") !== "0" && c.req.raw.body !== null;
    const isJson = /^application\/([\w.+-]+\+)?json\b/i.test(c.req.header("content-type") ?? "");
    // An import upload is a file (multipart); its route checks its own content type.
    const isUpload = IMPORT_UPLOAD_PATH.test(c.req.path);
    if (hasBody && !isJson && !isUpload && ["POST", "PUT", "PATCH"].includes(c.req.method)) {
      throw new AppError(415, "Send the request body as JSON (Content-Type: application/json)");
    }
    await next();
  });

  app.route("/health", healthRoutes);
  app.route("/auth", authRoutes);
  app.route("/articles", articleHighlightRoutes);
  app.route("/articles", listenRoutes);
  app.route("/articles", articleRoutes);
  app.route("/highlights", highlightRoutes);
  app.route("/images", imageRoutes);
  app.route("/topics", topicRoutes);
  app.route("/search", searchRoutes);
  app.route("/email-address", emailAddressRoutes);
  app.route("/tokens", tokenRoutes);
  app.route("/tags", tagRoutes);
  app.route("/export", exportRoutes);
  app.route("/account", accountRoutes);
  app.route("/oauth", oauthRoutes);
  app.route("/imports", importRoutes);
  app.route("/dev", devFakeSpeechRoutes);
  // Last: the document lists every route above (and these two).
  app.route("/", apiReferenceRoutes(app));

  app.notFound((c) => c.json({ detail: `Not found: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.status >= 500) console.error(error);
      if (error instanceof TooManyRequests) c.header("Retry-After", String(error.retryAfterSeconds));
      if (error instanceof ModelUnavailable && error.busy) c.header("Retry-After", String(error.retryAfterSeconds));
      if (error.status === 401) c.header("WWW-Authenticate", "Bearer");
      return c.json({ detail: error.message, ...error.extra }, error.status);
    }
    if (error instanceof HTTPException) {
      // Hono's own client errors (malformed JSON, bad content type) keep their status and message.
      return c.json({ detail: error.message || "Bad request" }, error.status);
    }
    console.error("Unhandled error", error);
    return c.json({ detail: "Something went wrong on our side. Please try again." }, 500);
  });

  return app;
}

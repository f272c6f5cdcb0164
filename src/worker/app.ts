import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { type AppEnv, createServices } from "./context";
import { emptyTally } from "./db/d1-meter";
import { AppError, LibraryMoving, ModelUnavailable, TooManyRequests } from "./domain/errors";
import { bodyLimit } from "./middleware/body-limit";
import { IMPORT_UPLOAD_PATH, maxBodyBytes } from "./middleware/body-limits";
import { isJsonContentType, JSON_ONLY_MESSAGE } from "./middleware/content-type";
import { queryText } from "./middleware/query-text";
import { accountRoutes } from "./routes/account";
import { adminShardRoutes } from "./routes/admin-shards";
import { apiReferenceRoutes } from "./routes/api-reference";
import { articleRoutes } from "./routes/articles";
import { atomRoutes } from "./routes/atom";
import { authRoutes } from "./routes/auth";
import { devD1MeterRoutes } from "./routes/dev-d1-meter";
import { devFakeSpeechRoutes } from "./routes/dev-fake-speech";
import { emailAddressRoutes } from "./routes/email-address";
import { exportRoutes } from "./routes/export";
import { feedRoutes } from "./routes/feeds";
import { healthRoutes } from "./routes/health";
import { articleHighlightRoutes, highlightRoutes } from "./routes/highlights";
import { imageRoutes } from "./routes/images";
import { importRoutes } from "./routes/imports";
import { listenRoutes } from "./routes/listen";
import { oauthRoutes } from "./routes/oauth";
import { readerSettingsRoutes } from "./routes/reader-settings";
import { searchRoutes } from "./routes/search";
import { tagRoutes } from "./routes/tags";
import { tokenRoutes } from "./routes/tokens";
import { topicRoutes } from "./routes/topics";

export function createApp() {
  const app = new Hono<AppEnv>({ strict: false }).basePath("/api");

  app.use(secureHeaders());
  // First, so that nothing after it can answer with an unread body behind the response.
  app.use(bodyLimit(maxBodyBytes));
  app.use(async (c, next) => {
    const meter = emptyTally();
    const services = createServices(c.env, meter);
    c.set("services", services);
    c.set("config", services.config);
    await next();
    // Development only: what this request cost in D1's billing unit, read by `npm run bench:capacity`.
    if (services.config.d1Meter) {
      c.header("X-D1-Queries", String(meter.queries));
      c.header("X-D1-Rows-Read", String(meter.rowsRead));
      c.header("X-D1-Rows-Written", String(meter.rowsWritten));
    }
  });
  // Every route's query parameters are text (422 naming the first that is not), before any route reads one.
  app.use(queryText);
  // A body sent as anything but JSON would otherwise be read as empty and fail field by field. Exactly the
  // documented type is taken: application/json (with or without a charset), not other +json types.
  app.use(async (c, next) => {
    const hasBody = c.req.header("content-length") !== "0" && c.req.raw.body !== null;
    // An import upload is a file (multipart); its route checks its own content type.
    const isUpload = IMPORT_UPLOAD_PATH.test(c.req.path);
    const takesBody = ["POST", "PUT", "PATCH", "DELETE"].includes(c.req.method);
    if (hasBody && takesBody && !isUpload && !isJsonContentType(c.req.raw.headers)) {
      throw new AppError(415, JSON_ONLY_MESSAGE);
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
  app.route("/feeds", feedRoutes);
  app.route("/atom", atomRoutes);
  app.route("/account", accountRoutes);
  app.route("/reader-settings", readerSettingsRoutes);
  app.route("/oauth", oauthRoutes);
  app.route("/imports", importRoutes);
  app.route("/dev", devFakeSpeechRoutes);
  app.route("/dev", devD1MeterRoutes);
  app.route("/admin/shards", adminShardRoutes);
  // Last: the document lists every route above (and these two).
  app.route("/", apiReferenceRoutes(app));

  app.notFound((c) => c.json({ detail: `Not found: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.status >= 500) console.error(error);
      if (error instanceof TooManyRequests) c.header("Retry-After", String(error.retryAfterSeconds));
      if (error instanceof ModelUnavailable && error.busy) c.header("Retry-After", String(error.retryAfterSeconds));
      if (error instanceof LibraryMoving) c.header("Retry-After", String(error.retryAfterSeconds));
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

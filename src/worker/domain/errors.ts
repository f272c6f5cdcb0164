/**
 * Typed errors thrown by services and domain code. `app.onError` maps each to `{ detail }` with its status,
 * so handlers never build error responses by hand and nothing a client sends turns into a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInput extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

export class Unauthorized extends AppError {
  constructor(message = "Not authenticated") {
    super(401, message);
  }
}

/**
 * Allowed for a web session but not for how this request signed in (an API token managing tokens). Never used
 * for other users' data: that is NotFound.
 */
export class Forbidden extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

/** Missing, or belonging to someone else: both answer 404 so other users' ids are never confirmed. */
export class NotFound extends AppError {
  constructor(message = "Not found") {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(409, message, extra);
  }
}

export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    extra: Record<string, unknown> = {},
  ) {
    super(429, message, extra);
  }
}

/** A deployment problem (missing secret or binding), never caused by client input. */
export class ConfigurationError extends AppError {
  constructor(message: string) {
    super(500, message);
  }
}

/** The request is well formed but asks for something this endpoint does not do (e.g. audio of text not the article's). */
export class BadRequest extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(400, message, extra);
  }
}

/**
 * A model the request needed failed: 503 (busy: rate limit, capacity, timeout; `Retry-After` says when) or 502
 * (it failed or answered something unusable). Only for a request that has nothing to degrade to on the server
 * (the audio of Listen, whose player falls back to the browser's voice); search and the rest degrade instead.
 */
export class ModelUnavailable extends AppError {
  constructor(
    readonly busy: boolean,
    message: string,
    extra: Record<string, unknown> = {},
    readonly retryAfterSeconds = 5,
  ) {
    super(busy ? 503 : 502, message, extra);
  }
}

/**
 * The user's library is being moved to another database (db/shards.ts): for the few seconds the last changes are
 * copied, its requests answer 503 with `Retry-After`, so no write lands on the database it is leaving.
 */
export class LibraryMoving extends AppError {
  readonly retryAfterSeconds = 5;
  constructor() {
    super(503, "Your library is being moved to another database; this takes a few seconds. Please try again.");
  }
}

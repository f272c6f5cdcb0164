/**
 * Typed errors thrown by services and domain code. `app.onError` maps each to `{ detail }` with its status,
 * so handlers never build error responses by hand and nothing a client sends turns into a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
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
  ) {
    super(429, message);
  }
}

/** A deployment problem (missing secret or binding), never caused by client input. */
export class ConfigurationError extends AppError {
  constructor(message: string) {
    super(500, message);
  }
}

import { clearStoredSession, readStoredToken } from "../lib/auth-storage";
import { noteApiAnswer } from "../lib/offline";

/** Spec §9: default request timeout. The long jobs pass their own (120 s, 300 s). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * An API failure with the message to show: the server's `detail`, or the call's default text. `status` 0 means no
 * answer at all (offline, a timeout, the connection dropped).
 */
export class ApiError extends Error {
  /** The server's own `detail`, when it gave one: the app answered and said what went wrong. */
  readonly detail: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
    this.detail = status === 0 ? undefined : detailOf(body);
  }
}

interface RequestOptions {
  body?: unknown;
  /** Shown when the server gives no `detail` (spec §8 defaults). */
  defaultError: string;
  timeoutMs?: number;
  /** Requests of one group run one after another (spec §7), e.g. 'articles-list'. */
  group?: string;
  /** Lets the request outlive the page (sent as the page is hidden); bodies up to 64 KB. */
  keepalive?: boolean;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Any 401 clears the stored session; listeners (the auth provider) then route to /login. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const groupTails = new Map<string, Promise<unknown>>();

function detailOf(body: unknown): string | undefined {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === "string" && detail.trim()) return detail;
  if (Array.isArray(detail)) {
    const messages = detail.map((d) => (typeof d === "string" ? d : (d as { msg?: string })?.msg)).filter(Boolean);
    if (messages.length) return messages.join("; ");
  }
  return undefined;
}

async function send<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    const timedOut = controller.signal.aborted;
    throw new ApiError(
      0,
      timedOut
        ? "The request took too long. Please try again."
        : "Cannot reach VibeRead. Check your connection and try again.",
      error,
    );
  } finally {
    clearTimeout(timer);
  }

  noteApiAnswer(response);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (response.status === 401) {
    clearStoredSession();
    for (const listener of unauthorizedListeners) listener();
  }
  if (!response.ok) throw new ApiError(response.status, detailOf(body) ?? options.defaultError, body);
  return body as T;
}

export function request<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  if (!options.group) return send<T>(method, path, options);
  const previous = groupTails.get(options.group) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => send<T>(method, path, options));
  groupTails.set(options.group, next);
  return next;
}

import { exports } from "cloudflare:workers";

/** Real HTTP into the Worker's fetch handler, as a browser would call it. */
export async function api(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  } else if (body !== undefined) {
    headers["Content-Type"] ??= "application/json";
  }
  const response = await exports.default.fetch(new Request(`http://localhost${path}`, { method, headers, body }));
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text so the assertion shows what came back.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export async function registerUser(email = uniqueEmail(), password = "correct horse battery") {
  const response = await api("POST", "/api/auth/register", { body: { email, password } });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { email, password, token: response.body.access_token as string, user: response.body.user };
}

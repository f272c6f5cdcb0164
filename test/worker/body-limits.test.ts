import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, registerUser } from "./helpers";

const ONE_MB = 1024 * 1024;
const LOGIN_LIMIT = "Request body is too large (the limit is 64 KB)";

/**
 * A JSON upload of about `bytes` bytes that records how much of it the server has taken. With
 * `declareLength` it goes out with a Content-Length (FixedLengthStream), otherwise chunked, as a client
 * streaming an upload sends it. `sent()` is true once the server has read it to the end: a refused body that
 * is left unread is what breaks the next request on a kept-alive connection in the local dev server.
 */
function upload(bytes: number, { declareLength }: { declareLength: boolean }) {
  const encoder = new TextEncoder();
  const head = encoder.encode('{"email":"someone@example.com","password":"');
  const tail = encoder.encode('"}');
  const chunk = encoder.encode("x".repeat(16 * 1024));
  const chunks = Math.ceil(bytes / chunk.byteLength);
  const total = head.byteLength + chunks * chunk.byteLength + tail.byteLength;
  const { readable, writable } = declareLength ? new FixedLengthStream(total) : new TransformStream<Uint8Array>();
  let done = false;
  const writing = (async () => {
    const writer = writable.getWriter();
    await writer.write(head);
    for (let i = 0; i < chunks; i += 1) await writer.write(chunk);
    await writer.write(tail);
    await writer.close();
    done = true;
  })();
  // A body the server never reads leaves this write pending (and a cancelled one rejects it): both count as unsent.
  writing.catch(() => {});
  return { body: readable, sent: () => done };
}

async function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await exports.default.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    }),
  );
  const text = await response.text();
  let parsed: { detail?: string } | string = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: keep the text so a failing assertion shows it.
  }
  return { status: response.status, body: parsed };
}

describe("over-limit request bodies", () => {
  it.each([
    { declareLength: true, kind: "with a Content-Length (refused up front)" },
    { declareLength: false, kind: "chunked (counted as it streams)" },
  ])("answers ten 1 MB bodies $kind with 413, reads each to its end, then answers normally", async ({
    declareLength,
  }) => {
    for (let i = 0; i < 10; i += 1) {
      const { body, sent } = upload(ONE_MB, { declareLength });
      const refused = await post("/api/auth/login", body);
      expect(refused, `over-limit body ${i + 1}`).toEqual({ status: 413, body: { detail: LOGIN_LIMIT } });
      await expect.poll(sent, { timeout: 5000 }).toBe(true);
    }
    const { email, password, token } = await registerUser();
    const login = await api("POST", "/api/auth/login", { body: { email, password } });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(email);
    const saved = await api("POST", "/api/articles/", { token, body: { url: "https://example.com/after-413" } });
    expect(saved.status).toBe(201);
    expect((await api("GET", "/api/articles/", { token })).body.total).toBe(1);
  });

  it("bulk saves keep their 1.5 MB limit, and a large body refused for another reason is read to its end", async () => {
    const { token } = await registerUser();
    const auth = { Authorization: `Bearer ${token}` };
    const tooBig = upload(2 * ONE_MB, { declareLength: true });
    expect(await post("/api/articles/bulk", tooBig.body, auth)).toEqual({
      status: 413,
      body: { detail: "Request body is too large (the limit is 1536 KB)" },
    });
    await expect.poll(tooBig.sent, { timeout: 5000 }).toBe(true);

    // Within the bulk limit, but answered before any route reads the body: no token, then not JSON.
    const anonymous = upload(ONE_MB, { declareLength: true });
    expect((await post("/api/articles/bulk", anonymous.body)).status).toBe(401);
    await expect.poll(anonymous.sent, { timeout: 5000 }).toBe(true);
    const plainText = upload(ONE_MB, { declareLength: false });
    expect((await post("/api/articles/bulk", plainText.body, { ...auth, "Content-Type": "text/plain" })).status).toBe(
      415,
    );
    await expect.poll(plainText.sent, { timeout: 5000 }).toBe(true);

    // About 1 MB of JSON reaches validation (501 URLs is one too many); a small bulk save still works.
    const urls = Array.from({ length: 501 }, (_, i) => `https://example.com/${i}/${"a".repeat(2000)}`);
    const overCount = await api("POST", "/api/articles/bulk", { token, body: { urls } });
    expect(overCount.status).toBe(422);
    expect(overCount.body.detail).toMatch(/at most 500/);
    const saved = await api("POST", "/api/articles/bulk", { token, body: { urls: urls.slice(0, 2) } });
    expect(saved.body).toMatchObject({ successful: 2, failed: 0 });
  });
});

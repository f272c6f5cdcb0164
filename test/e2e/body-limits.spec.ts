import { request as httpRequest } from "node:http";
import { expect, test } from "./fixtures";
import { PASSWORD, uniqueEmail } from "./helpers";

const ONE_MB = 1024 * 1024;
const json = { "Content-Type": "application/json" };

/*
 * Over real HTTP, through the local server `npm start` runs: a body answered before it was read used to
 * break the dev proxy's connection to the Worker, so the next large request answered 500 "Network connection
 * lost". The worker tests cannot see that (they call the Worker without a socket).
 */
test("ten over-limit bodies in a row are each refused with 413, and every request after them is answered", async ({
  request,
}) => {
  const email = uniqueEmail("body-limit");
  expect((await request.post("/api/auth/register", { data: { email, password: PASSWORD } })).status()).toBe(201);

  const huge = JSON.stringify({ email, password: "x".repeat(ONE_MB) });
  for (let i = 0; i < 10; i += 1) {
    const refused = await request.post("/api/auth/login", { headers: json, data: huge });
    expect(refused.status(), `over-limit body ${i + 1}`).toBe(413);
    expect(await refused.json()).toEqual({ detail: "Request body is too large (the limit is 64 KB)" });
  }

  const login = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).access_token as string;

  // Large bodies within the bulk limit that are answered before a route reads them (no token).
  const urls = Array.from({ length: 501 }, (_, i) => `https://example.com/${i}/${"a".repeat(2000)}`);
  for (let i = 0; i < 3; i += 1) {
    const anonymous = await request.post("/api/articles/bulk", { data: { urls } });
    expect(anonymous.status(), `unauthenticated bulk ${i + 1}`).toBe(401);
  }
  // About 1 MB that reaches validation: one URL too many, so nothing is saved.
  const overCount = await request.post("/api/articles/bulk", {
    data: { urls },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(overCount.status()).toBe(422);
  expect((await overCount.json()).detail).toBe("urls: urls may contain at most 500 URLs per request");
  expect((await request.get("/api/health")).status()).toBe(200);
});

/** A request whose body goes out chunked (no Content-Length), which the browser-style clients never send on GET. */
function sendChunked(url: string, method: string, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // Node frames a GET body only when asked to: without this header it would send the bytes unframed.
    const headers = { "Content-Type": "application/json", "Transfer-Encoding": "chunked" };
    const outgoing = httpRequest(url, { method, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on("error", reject);
    for (const chunk of chunks) outgoing.write(chunk);
    outgoing.end();
  });
}

test("a body sent with GET is read and ignored, never a 500", async ({ request, baseURL }) => {
  const withLength = await request.get("/api/health", { headers: json, data: JSON.stringify({ odd: true }) });
  expect(withLength.status()).toBe(200);
  expect((await withLength.json()).status).toBe("ok");
  const chunked = await sendChunked(`${baseURL}/api/health`, "GET", ['{"odd":', "true}"]);
  expect(chunked.status).toBe(200);
  expect(JSON.parse(chunked.body).status).toBe("ok");
  const huge = await sendChunked(`${baseURL}/api/health`, "GET", Array(20).fill("x".repeat(ONE_MB / 10)));
  expect(huge.status).toBe(413);
  expect((await request.get("/api/health")).status()).toBe(200);
});

test("over-limit bodies to /mcp, the OAuth endpoints and /share get a JSON 413 like /api, and the server goes on", async ({
  request,
}) => {
  const cases = [
    { path: "/mcp", bytes: 6 * ONE_MB, limit: "1.5 MB" },
    { path: "/oauth/token", bytes: 6 * ONE_MB, limit: "64 KB" },
    { path: "/oauth/token", bytes: 256 * 1024, limit: "64 KB" },
    { path: "/oauth/register", bytes: 6 * ONE_MB, limit: "128 KB" },
    // The share target's POST may carry a shared document: the documents' limit.
    { path: "/share", bytes: 51 * ONE_MB, limit: "50.1 MB" },
  ];
  for (const { path, bytes, limit } of cases) {
    for (let i = 0; i < 2; i += 1) {
      const refused = await request.post(path, { headers: json, data: Buffer.alloc(bytes, "x") });
      expect(refused.status(), `${bytes} bytes to ${path}, try ${i + 1}`).toBe(413);
      expect(await refused.json()).toMatchObject({ detail: `Request body is too large (the limit is ${limit})` });
    }
    const metadata = await request.get("/.well-known/oauth-authorization-server");
    expect(metadata.status(), `after ${path}`).toBe(200);
  }
  // A registration with a bad field is named, never a stack trace.
  const named = await request.post("/oauth/register", {
    data: {
      client_name: "n".repeat(100_000),
      redirect_uris: ["http://127.0.0.1:1/cb"],
      token_endpoint_auth_method: "none",
    },
  });
  expect(named.status()).toBe(400);
  expect(await named.json()).toMatchObject({
    error: "invalid_client_metadata",
    detail: expect.stringContaining("client_name"),
  });
  expect((await request.get("/api/health")).status()).toBe(200);
});

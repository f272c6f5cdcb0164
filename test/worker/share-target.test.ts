import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

/** The Web Share Target: a share sheet's GET /share lands on the save screen with the shared fields. */
async function share(query: string, method = "GET") {
  return exports.default.fetch(new Request(`http://localhost/share${query}`, { method, redirect: "manual" }));
}

function savedFields(location: string | null) {
  expect(location).toMatch(/^\/#\/save(\?|$)/);
  const search = (location ?? "").split("?")[1] ?? "";
  return Object.fromEntries(new URLSearchParams(search));
}

describe("GET /share", () => {
  it("redirects a shared link with its title to /#/save?url&title", async () => {
    const response = await share(
      `?url=${encodeURIComponent("https://example.com/a?b=1&c=2")}&title=${encodeURIComponent("A & B")}`,
    );
    expect(response.status).toBe(302);
    expect(savedFields(response.headers.get("Location"))).toEqual({
      url: "https://example.com/a?b=1&c=2",
      title: "A & B",
    });
  });

  it("passes shared text on as text, trimmed, and leaves out empty and unknown fields", async () => {
    const response = await share(`?text=${encodeURIComponent("  Look http://example.org/x  ")}&url=&evil=1`);
    expect(response.status).toBe(302);
    expect(savedFields(response.headers.get("Location"))).toEqual({ text: "Look http://example.org/x" });
  });

  it("cuts overlong fields so the redirect stays small", async () => {
    const response = await share(`?text=${"a".repeat(10_000)}&title=${"t".repeat(1_000)}`);
    const fields = savedFields(response.headers.get("Location"));
    expect(fields.text).toHaveLength(2000);
    expect(fields.title).toHaveLength(500);
  });

  it("answers a share with nothing in it with the bare save screen", async () => {
    const response = await share("");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/#/save");
  });

  it("refuses other methods with a JSON 405", async () => {
    const response = await share("?url=https://example.com", "PUT");
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ detail: "Method not allowed" });
  });
});

describe("POST /share (the manifest's multipart share target, before the service worker takes it)", () => {
  async function post(form: FormData) {
    return exports.default.fetch(
      new Request("http://localhost/share", { method: "POST", body: form, redirect: "manual" }),
    );
  }

  it("redirects a shared link's fields to the save screen with 303", async () => {
    const form = new FormData();
    form.set("url", " https://example.com/story ");
    form.set("title", "A story");
    const response = await post(form);
    expect(response.status).toBe(303);
    expect(savedFields(response.headers.get("Location"))).toEqual({
      url: "https://example.com/story",
      title: "A story",
    });
  });

  it("says a shared file did not reach the app rather than keeping a file it cannot tell whose it is", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(200_000)], "paper.pdf", { type: "application/pdf" }));
    const response = await post(form);
    expect(response.status).toBe(303);
    expect(savedFields(response.headers.get("Location"))).toEqual({ shared_file: "unavailable" });
  });
});

import { describe, expect, inject, it } from "vitest";
import { createDohResolver } from "../../src/worker/services/fetching/host-resolver";
import { fetchImage, MAX_IMAGE_BYTES } from "../../src/worker/services/fetching/image-fetcher";
import { api, registerUser, seedArticle } from "./helpers";

const origin = () => inject("fixtureOrigin");

/** An article whose content shows these pictures, and its pictures' addresses through the proxy. */
async function articleWith(sources: string[]) {
  const { token, user } = await registerUser();
  const content = `<p>Reading is slow.</p>${sources.map((src, i) => `<figure><img src="${src.replace(/&/g, "&amp;")}" alt="Picture ${i}"></figure>`).join("")}`;
  const id = await seedArticle(user.id, { title: "Pictures", content });
  const article = await api("GET", `/api/articles/${id}`, { token });
  expect(article.status).toBe(200);
  return { token, id, images: article.body.images as Record<string, string> };
}

/** A GET without any sign-in, as an <img> makes it. */
async function get(path: string) {
  const { exports } = await import("cloudflare:workers");
  const response = await exports.default.fetch(new Request(`http://localhost${path}`));
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("pictures through the Worker (issue 50)", () => {
  it("gives each picture of the article a signed address that serves it, then serves it from the cache", async () => {
    const photo = `${origin()}/photo.png?seed=proxy-${crypto.randomUUID()}&x=1`;
    const { images } = await articleWith([photo]);
    expect(Object.keys(images)).toEqual([photo]);
    const address = images[photo] as string;
    expect(address).toMatch(/^\/api\/images\/\d+\/[\w-]{22}\?src=/);

    const first = await get(address);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("content-type")).toBe("image/png");
    expect(first.response.headers.get("x-viberead-image-cache")).toBe("miss");
    expect(first.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.response.headers.get("content-security-policy")).toContain("sandbox");
    const direct = new Uint8Array(await (await fetch(photo)).arrayBuffer());
    expect(first.bytes).toEqual(direct);

    const again = await get(address);
    expect(again.response.headers.get("x-viberead-image-cache")).toBe("hit");
    expect(again.bytes).toEqual(direct);
  });

  it("still serves a picture once its site is down", async () => {
    const once = `${origin()}/photo-once.png?key=${crypto.randomUUID()}`;
    const { images } = await articleWith([once]);
    const address = images[once] as string;
    expect((await get(address)).response.status).toBe(200);
    expect((await fetch(once)).status).toBe(503);
    const later = await get(address);
    expect(later.response.status).toBe(200);
    expect(later.response.headers.get("x-viberead-image-cache")).toBe("hit");
  });

  it("serves only the pictures it signed: another address, another article or a changed signature is 404", async () => {
    const photo = `${origin()}/photo.png?seed=signed-${crypto.randomUUID()}`;
    const { images, id } = await articleWith([photo]);
    const address = new URL(images[photo] as string, "http://localhost");
    const elsewhere = new URL(address);
    elsewhere.searchParams.set("src", `${origin()}/photo.png?seed=not-in-the-article`);
    expect((await get(`${elsewhere.pathname}${elsewhere.search}`)).response.status).toBe(404);
    const otherArticle = `${address.pathname.replace(`/images/${id}/`, `/images/${id + 1}/`)}${address.search}`;
    expect((await get(otherArticle)).response.status).toBe(404);
    const signature = address.pathname.split("/").at(-1) as string;
    const changed = `${address.pathname.replace(signature, `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`)}${address.search}`;
    const refused = await get(changed);
    expect(refused.response.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(refused.bytes))).toEqual({ detail: "Image not found" });
  });

  it("passes on only pictures, from public addresses: a page or a private address is 502 with the reason", async () => {
    const page = `${origin()}/article?title=Not+a+picture`;
    const metadata = "http://169.254.169.254/latest/meta-data/photo.png";
    const { images } = await articleWith([page, metadata]);
    const notPicture = await get(images[page] as string);
    expect(notPicture.response.status).toBe(502);
    expect(JSON.parse(new TextDecoder().decode(notPicture.bytes)).detail).toBe(
      "The picture could not be fetched: The link is not a picture (text/html)",
    );
    const blocked = await get(images[metadata] as string);
    expect(blocked.response.status).toBe(502);
    expect(JSON.parse(new TextDecoder().decode(blocked.bytes)).detail).toMatch(/private or local network address/);
  });

  it("lists the content's pictures and the lead image once each, only http(s), in the article's answer", async () => {
    const photo = `${origin()}/photo.png?seed=list&n=1`;
    const { images } = await articleWith([photo, photo, "data:image/png;base64,AAAA", "ftp://example.com/p.png"]);
    expect(Object.keys(images)).toEqual([photo]);
  });

  it("refuses a picture over 5 MB and tells an untyped picture by its first bytes", async () => {
    const resolver = createDohResolver();
    const answer = (body: Uint8Array<ArrayBuffer>, type: string) =>
      (async () => new Response(body, { headers: { "content-type": type } })) as unknown as typeof fetch;
    const options = { allowLoopback: true, resolver };
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    await expect(
      fetchImage("http://127.0.0.1/huge.jpg", { ...options, fetchImpl: answer(huge, "image/jpeg") }),
    ).rejects.toThrow("The page is larger than 5 MB");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const untyped = await fetchImage("http://127.0.0.1/p", {
      ...options,
      fetchImpl: answer(png, "application/octet-stream"),
    });
    expect(untyped.contentType).toBe("image/png");
    await expect(
      fetchImage("http://127.0.0.1/p", { ...options, fetchImpl: answer(new Uint8Array([1, 2, 3]), "") }),
    ).rejects.toThrow("The link is not a picture (no type)");
  });
});

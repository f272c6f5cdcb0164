import { describe, expect, inject, it } from "vitest";
import { charsetFromMeta, decodeHtml, detectCharset } from "../../src/worker/services/fetching/decode-html";
import {
  assertFetchableUrl,
  createDohResolver,
  FetchFailure,
  type FetchPageOptions,
  fetchPage,
  type HostResolver,
} from "../../src/worker/services/fetching/index";
import { classifyIpAddress, parseIPv4, parseIPv6 } from "../../src/worker/services/fetching/ip-address";

const origin = inject("fixtureOrigin");

const BLOCKED = "The link points to a private or local network address, which VibeRead does not fetch";

/** A resolver that must not be consulted: literal IPs and never-public names are judged without a lookup. */
function noLookup(): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async resolve(hostname) {
      calls.push(hostname);
      throw new Error(`unexpected lookup of ${hostname}`);
    },
  };
}

const staticResolver = (addresses: string[]): HostResolver => ({ resolve: async () => addresses });

/** The FetchFailure a promise rejects with (fails the test if it resolves or rejects with something else). */
async function failureOf(promise: Promise<unknown>): Promise<FetchFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchFailure);
    return error as FetchFailure;
  }
  throw new Error("expected a FetchFailure, but the promise resolved");
}

const local = (extra: Partial<FetchPageOptions> = {}): FetchPageOptions => ({
  allowLoopback: true,
  resolver: noLookup(),
  ...extra,
});

describe("IP address parsing", () => {
  it.each([
    ["127.0.0.1", [127, 0, 0, 1]],
    ["2130706433", [127, 0, 0, 1]],
    ["0x7f000001", [127, 0, 0, 1]],
    ["0x7f.1", [127, 0, 0, 1]],
    ["0177.0.0.1", [127, 0, 0, 1]],
    ["127.1", [127, 0, 0, 1]],
    ["10.0.0.1.", [10, 0, 0, 1]],
    ["0xA9.0376.43518", [169, 254, 169, 254]],
    ["0x", [0, 0, 0, 0]],
  ])("reads IPv4 %s like the URL standard", (text, bytes) => {
    expect(parseIPv4(text)).toEqual(bytes);
  });

  it.each([
    "256.0.0.1",
    "1.2.3.4.5",
    "example.com",
    "08.0.0.1",
    "4294967296",
    "1.2.3.256",
    "",
  ])("rejects %j", (text) => {
    expect(parseIPv4(text)).toBeNull();
  });

  it("parses IPv6 with compression, embedded IPv4, brackets and zones", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("[::ffff:127.0.0.1]")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6("fe80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("1:2:3:4:5:6:7::")).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    expect(parseIPv6("1::2::3")).toBeNull();
    expect(parseIPv6("12345::")).toBeNull();
    expect(parseIPv6("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(parseIPv6("::ffff:1.2.3")).toBeNull();
  });
});

describe("IP address classes", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.1.2.3", "private"],
    ["100.64.0.1", "carrier-grade-nat"],
    ["100.127.255.254", "carrier-grade-nat"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.1.1", "link-local"],
    ["169.254.169.254", "metadata"],
    ["169.254.170.2", "metadata"],
    ["100.100.100.200", "metadata"],
    ["192.0.0.192", "metadata"],
    ["168.63.129.16", "metadata"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "documentation"],
    ["192.88.99.1", "reserved"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "reserved"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["8.8.8.8", "public"],
    ["1.1.1.1", "public"],
    ["172.32.0.1", "public"],
    ["100.128.0.1", "public"],
    ["93.184.215.14", "public"],
  ])("IPv4 %s is %s", (address, ipClass) => {
    expect(classifyIpAddress(address)).toBe(ipClass);
  });

  it.each([
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:0:192.168.0.1", "private"], // SIIT IPv4-translated
    ["::127.0.0.1", "loopback"], // IPv4-compatible
    ["::10.0.0.1", "private"],
    ["::8.8.8.8", "reserved"], // IPv4-compatible is deprecated and never routed
    ["64:ff9b::10.0.0.1", "private"], // NAT64 of a private address
    ["64:ff9b::a9fe:a9fe", "metadata"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b:1::1", "private"],
    ["100::1", "reserved"],
    ["2001:db8::1", "documentation"],
    ["2001::1", "reserved"], // Teredo
    ["2001:2::1", "reserved"], // benchmarking
    ["2002:a00:1::1", "private"], // 6to4 of 10.0.0.1
    ["2002:7f00:1::", "loopback"],
    ["3fff::1", "documentation"],
    ["5f00::1", "reserved"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["fd00:ec2::254", "metadata"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["fec0::1", "private"],
    ["ff02::1", "multicast"],
    ["ff05::1:3", "multicast"],
    ["4000::1", "reserved"],
    ["2606:4700:4700::1111", "public"],
    ["2a00:1450:4001:80b::200e", "public"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::808:808", "public"],
    ["2002:808:808::1", "public"],
  ])("IPv6 %s is %s", (address, ipClass) => {
    expect(classifyIpAddress(address)).toBe(ipClass);
  });

  it("says when text is not an address", () => {
    expect(classifyIpAddress("example.com")).toBeNull();
  });
});

describe("SSRF guard on URLs", () => {
  it.each([
    "http://10.0.0.1/",
    "http://127.0.0.1/",
    "http://127.1/",
    "http://2130706433/", // decimal 127.0.0.1
    "http://017700000001/", // octal 127.0.0.1
    "http://0x7f.0.0.1/", // hex
    "http://0x7f000001/",
    "http://0177.0.0.1/",
    "http://0/",
    "http://0.0.0.0:8080/",
    "http://169.254.169.254/latest/meta-data/",
    "http://2852039166/", // decimal 169.254.169.254
    "http://0xa9.0xfe.0xa9.0xfe/",
    "http://100.64.1.1/",
    "http://100.100.100.200/",
    "http://172.20.1.1/",
    "http://192.168.0.1/",
    "http://192.0.0.192/",
    "http://192.0.2.1/",
    "http://198.18.0.1/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://240.0.0.1/",
    "http://[::]/",
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[::127.0.0.1]/",
    "http://[64:ff9b::192.168.0.1]/",
    "http://[fd00:ec2::254]/",
    "http://[fc00::1]/",
    "http://[fe80::1]/",
    "http://[fec0::1]/",
    "http://[ff02::1]/",
    "http://[2001:db8::1]/",
    "http://[2002:c0a8:1::1]/",
    "http://[100::1]/",
    "https://user:pass@10.0.0.1:8443/x",
  ])("blocks %s without a lookup", async (url) => {
    const resolver = noLookup();
    const failure = await failureOf(assertFetchableUrl(url, { allowLoopback: false, resolver }));
    expect(failure.message).toBe(BLOCKED);
    expect(failure.retryable).toBe(false);
    expect(resolver.calls).toEqual([]);
  });

  it.each([
    "http://8.8.8.8/",
    "https://1.1.1.1/dns-query",
    "http://134744072/", // decimal 8.8.8.8
    "http://[2606:4700:4700::1111]/",
    "http://[::ffff:8.8.8.8]/",
    "http://[64:ff9b::8.8.8.8]/",
  ])("allows the public address %s", async (url) => {
    const checked = await assertFetchableUrl(url, { allowLoopback: false, resolver: noLookup() });
    expect(checked).toBeInstanceOf(URL);
  });

  it("allows loopback only with allowLoopback, and never private or metadata addresses", async () => {
    const loopbacks = [
      "http://127.0.0.1:8787/",
      "http://127.0.0.2/",
      "http://2130706433/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://localhost:5173/",
      "http://LOCALHOST./",
      "http://app.localhost/",
    ];
    for (const url of loopbacks) {
      expect((await failureOf(assertFetchableUrl(url, { allowLoopback: false, resolver: noLookup() }))).message).toBe(
        BLOCKED,
      );
      await expect(assertFetchableUrl(url, { allowLoopback: true, resolver: noLookup() })).resolves.toBeInstanceOf(URL);
    }
    for (const url of ["http://10.0.0.1/", "http://169.254.169.254/", "http://0.0.0.0/", "http://[fd00:ec2::254]/"]) {
      expect((await failureOf(assertFetchableUrl(url, { allowLoopback: true, resolver: noLookup() }))).message).toBe(
        BLOCKED,
      );
    }
  });

  it.each([
    "http://printer.local/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://router.lan/",
    "http://nas.home.arpa/",
    "http://server.localdomain/",
    "http://intranet/",
    "http://router./",
  ])("refuses the local name %s without a lookup", async (url) => {
    const resolver = noLookup();
    const failure = await failureOf(assertFetchableUrl(url, { allowLoopback: true, resolver }));
    expect(failure.message).toBe(BLOCKED);
    expect(resolver.calls).toEqual([]);
  });

  it.each([
    ["http://nosuch.example/", "nosuch.example"],
    ["http://www.site.test/a", "www.site.test"],
    ["https://x.invalid/", "x.invalid"],
    ["http://abc.onion/", "abc.onion"],
  ])("answers 'not found' for the never-public name %s without a lookup", async (url, host) => {
    const resolver = noLookup();
    const failure = await failureOf(assertFetchableUrl(url, { allowLoopback: true, resolver }));
    expect(failure.message).toBe(`The site's address could not be found (${host})`);
    expect(failure.retryable).toBe(false);
    expect(resolver.calls).toEqual([]);
  });

  it.each([
    "ftp://example.com/file",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "data:text/html,hi",
  ])("refuses the non-web link %s", async (url) => {
    const failure = await failureOf(assertFetchableUrl(url, { allowLoopback: true, resolver: noLookup() }));
    expect(failure.message).toMatch(/^The link is not a web address VibeRead can fetch \(only http and https/);
    expect(failure.retryable).toBe(false);
  });

  it("refuses text that is not a URL", async () => {
    const failure = await failureOf(assertFetchableUrl("not a url", { allowLoopback: true, resolver: noLookup() }));
    expect(failure.message).toBe("The link is not a valid web address");
  });

  it("blocks a name when ANY of its addresses is blocked", async () => {
    const options = (addresses: string[]) => ({ allowLoopback: false, resolver: staticResolver(addresses) });
    await expect(assertFetchableUrl("https://news.site.com/", options(["8.8.8.8"]))).resolves.toBeInstanceOf(URL);
    for (const addresses of [["8.8.8.8", "10.0.0.1"], ["8.8.8.8", "fd00::1"], ["127.0.0.1"], ["not-an-ip"]]) {
      expect((await failureOf(assertFetchableUrl("https://news.site.com/", options(addresses)))).message).toBe(BLOCKED);
    }
    // A public name pointing at loopback is fine where loopback is allowed (development).
    await expect(
      assertFetchableUrl("https://dev.site.com/", { allowLoopback: true, resolver: staticResolver(["127.0.0.1"]) }),
    ).resolves.toBeInstanceOf(URL);
  });

  it("answers 'not found' for a name without addresses or a failed lookup", async () => {
    for (const resolver of [
      staticResolver([]),
      { resolve: () => Promise.reject(new TypeError("Network connection lost")) },
    ]) {
      const failure = await failureOf(assertFetchableUrl("https://gone.site.com/", { allowLoopback: false, resolver }));
      expect(failure.message).toBe("The site's address could not be found (gone.site.com)");
      expect(failure.retryable).toBe(false);
    }
  });
});

describe("DNS-over-HTTPS resolver", () => {
  type DohRecord = { type: number; data: string };
  /** A fake DoH endpoint answering from a table; records every request it gets. */
  function fakeDoh(table: Record<string, { A?: DohRecord[]; AAAA?: DohRecord[]; status?: number }>) {
    const requests: { url: string; accept: string | null }[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      requests.push({ url: url.href, accept: new Headers(init?.headers).get("accept") });
      const name = url.searchParams.get("name") ?? "";
      const type = url.searchParams.get("type") as "A" | "AAAA";
      const entry = table[name];
      const body = entry
        ? { Status: entry.status ?? 0, Answer: entry[type] ?? [] }
        : { Status: 3 /* NXDOMAIN */, Answer: [] };
      return Response.json(body, { headers: { "content-type": "application/dns-json" } });
    }) as typeof fetch;
    return { fetchImpl, requests };
  }

  it("asks for A and AAAA with the dns-json media type and returns every address", async () => {
    const doh = fakeDoh({
      "www.site.com": {
        A: [
          { type: 5, data: "site.cdn.net." },
          { type: 1, data: "104.16.1.1" },
        ],
        AAAA: [{ type: 28, data: "2606:4700::6810:101" }],
      },
    });
    const addresses = await createDohResolver(doh.fetchImpl).resolve("www.site.com");
    expect(addresses).toEqual(["104.16.1.1", "2606:4700::6810:101"]);
    expect(doh.requests.map((r) => r.url).sort()).toEqual([
      "https://cloudflare-dns.com/dns-query?name=www.site.com&type=A",
      "https://cloudflare-dns.com/dns-query?name=www.site.com&type=AAAA",
    ]);
    expect(doh.requests.every((r) => r.accept === "application/dns-json")).toBe(true);
  });

  it("blocks a name that resolves to a private address", async () => {
    const doh = fakeDoh({ "internal-looking.site.com": { A: [{ type: 1, data: "10.1.2.3" }] } });
    let pageFetches = 0;
    const failure = await failureOf(
      fetchPage("https://internal-looking.site.com/admin", {
        allowLoopback: false,
        resolver: createDohResolver(doh.fetchImpl),
        fetchImpl: (async () => {
          pageFetches++;
          return new Response("secret");
        }) as typeof fetch,
      }),
    );
    expect(failure.message).toBe(BLOCKED);
    expect(pageFetches).toBe(0);
  });

  it("blocks a name whose AAAA record is private even if its A record is public", async () => {
    const doh = fakeDoh({
      "mixed.site.com": { A: [{ type: 1, data: "8.8.8.8" }], AAAA: [{ type: 28, data: "fe80::1" }] },
    });
    const failure = await failureOf(
      assertFetchableUrl("https://mixed.site.com/", {
        allowLoopback: false,
        resolver: createDohResolver(doh.fetchImpl),
      }),
    );
    expect(failure.message).toBe(BLOCKED);
  });

  it("allows a public name and fetches the page through the injected fetch", async () => {
    const doh = fakeDoh({ "blog.site.com": { A: [{ type: 1, data: "93.184.215.14" }] } });
    const seen: { url: string; redirect?: string; userAgent: string | null; accept: string | null }[] = [];
    const page = await fetchPage("https://blog.site.com/post", {
      allowLoopback: false,
      resolver: createDohResolver(doh.fetchImpl),
      fetchImpl: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        seen.push({
          url: String(input),
          redirect: init?.redirect,
          userAgent: headers.get("user-agent"),
          accept: headers.get("accept"),
        });
        return new Response("<!doctype html><title>Post</title><p>Hello</p>", {
          headers: { "content-type": "text/html; charset=utf-8" },
        });
      }) as typeof fetch,
    });
    expect(page).toEqual({
      url: "https://blog.site.com/post",
      status: 200,
      contentType: "text/html",
      html: "<!doctype html><title>Post</title><p>Hello</p>",
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.redirect).toBe("manual");
    expect(seen[0]?.userAgent).toMatch(/^Mozilla\/5\.0 .*Chrome\//);
    expect(seen[0]?.accept).toContain("text/html");
  });

  it("answers 'not found' for NXDOMAIN and for a failing DoH service", async () => {
    const nx = fakeDoh({});
    const nxFailure = await failureOf(
      assertFetchableUrl("https://nosuch-host.site.com/", {
        allowLoopback: false,
        resolver: createDohResolver(nx.fetchImpl),
      }),
    );
    expect(nxFailure.message).toBe("The site's address could not be found (nosuch-host.site.com)");
    const broken = createDohResolver((async () => new Response("oops", { status: 502 })) as typeof fetch);
    await expect(broken.resolve("x.site.com")).rejects.toThrow(/502/);
    const servfail = fakeDoh({ "x.site.com": { status: 2 } });
    await expect(createDohResolver(servfail.fetchImpl).resolve("x.site.com")).rejects.toThrow(/status 2/);
  });

  it("answers 'not found' for an unresolvable name with the real resolver (no internet here)", async () => {
    // With internet this is a real NXDOMAIN; without, the DoH request fails: both mean "could not be found".
    const failure = await failureOf(
      fetchPage("https://nosuch-viberead-host-4711.com/", { allowLoopback: false, resolver: createDohResolver() }),
    );
    expect(failure.message).toBe("The site's address could not be found (nosuch-viberead-host-4711.com)");
    expect(failure.retryable).toBe(false);
  });
});

describe("fetchPage against the fixture server", () => {
  it("fetches a readable article", async () => {
    const page = await fetchPage(`${origin}/article?title=Hello%20fixtures`, local());
    expect(page.url).toBe(`${origin}/article?title=Hello%20fixtures`);
    expect(page.status).toBe(200);
    expect(page.contentType).toBe("text/html");
    expect(page.html).toContain("<title>Hello fixtures</title>");
    expect(page.html).toContain('<meta name="author" content="Fixture Author">');
  });

  it("fetches a corpus page", async () => {
    const page = await fetchPage(`${origin}/corpus/001`, local());
    expect(page.html.length).toBeGreaterThan(1000);
  });

  it("refuses the fixture server itself when loopback is not allowed", async () => {
    const failure = await failureOf(fetchPage(`${origin}/article`, local({ allowLoopback: false })));
    expect(failure.message).toBe(BLOCKED);
  });

  it("blocks a redirect to the metadata address, even with loopback allowed", async () => {
    const failure = await failureOf(fetchPage(`${origin}/redirect-private`, local()));
    expect(failure.message).toBe(BLOCKED);
    expect(failure.retryable).toBe(false);
  });

  it.each([
    "http://0xa9fea9fe/latest/meta-data/",
    "http://10.0.0.1/",
    "http://[::ffff:192.168.0.1]/",
    "http://printer.local/",
  ])("blocks a redirect to %s", async (target) => {
    const failure = await failureOf(fetchPage(`${origin}/redirect?to=${encodeURIComponent(target)}`, local()));
    expect(failure.message).toBe(BLOCKED);
  });

  it("follows relative redirects up to the limit and no further", async () => {
    const page = await fetchPage(`${origin}/redirect-chain?n=5`, local());
    expect(page.url).toBe(`${origin}/redirect-chain?n=0`);
    expect(page.html).toContain("End of the chain");

    const failure = await failureOf(fetchPage(`${origin}/redirect-chain?n=6`, local()));
    expect(failure.message).toBe("The site redirected more than 5 times");
    expect(failure.retryable).toBe(false);

    const strict = await failureOf(fetchPage(`${origin}/redirect-chain?n=2`, local({ maxRedirects: 1 })));
    expect(strict.message).toBe("The site redirected more than 1 time");
  });

  it("stops reading a page larger than the cap", async () => {
    const failure = await failureOf(fetchPage(`${origin}/huge`, local()));
    expect(failure.message).toBe("The page is larger than 5 MB");
    expect(failure.retryable).toBe(false);

    const small = await failureOf(fetchPage(`${origin}/article`, local({ maxBytes: 512 })));
    expect(small.message).toBe("The page is larger than 512 bytes");
  });

  it("refuses a declared Content-Length over the cap before reading", async () => {
    const failure = await failureOf(
      fetchPage(`${origin}/whatever`, {
        ...local(),
        fetchImpl: (async () =>
          new Response("<p>short</p>", {
            headers: { "content-type": "text/html", "content-length": String(6 * 1024 * 1024) },
          })) as typeof fetch,
      }),
    );
    expect(failure.message).toBe("The page is larger than 5 MB");
  });

  it("gives up on a site that never answers", async () => {
    // /hang never answers: without the cap this call would never return (the test would time out), so the outcome
    // is the answer itself, not a stopwatch that a busy machine can miss.
    const failure = await failureOf(fetchPage(`${origin}/hang`, local({ timeoutMs: 500 })));
    expect(failure.message).toBe("The page took longer than 0.5 s to respond");
    expect(failure.retryable).toBe(true);
  });

  it("counts the whole budget, not each step", async () => {
    const failure = await failureOf(fetchPage(`${origin}/slow?ms=3000`, local({ timeoutMs: 300 })));
    expect(failure.message).toBe("The page took longer than 0.3 s to respond");
    const page = await fetchPage(`${origin}/slow?ms=50`, local({ timeoutMs: 5000 }));
    expect(page.html).toContain("A slow article");
  });

  it.each([
    [404, "The site answered 404 Not Found", false],
    [410, "The site answered 410 Gone", false],
    [403, "The site answered 403 Forbidden", false],
    [429, "The site answered 429 Too Many Requests", true],
    [500, "The site answered 500 Internal Server Error", true],
    [503, "The site answered 503 Service Unavailable", true],
  ])("reports status %i", async (status, message, retryable) => {
    const failure = await failureOf(fetchPage(`${origin}/status/${status}`, local()));
    expect(failure.message).toBe(message);
    expect(failure.retryable).toBe(retryable);
  });

  it("succeeds on a flaky site once it recovers", async () => {
    const url = `${origin}/flaky?key=${crypto.randomUUID()}&fail=1`;
    const first = await failureOf(fetchPage(url, local()));
    expect(first.retryable).toBe(true);
    expect((await fetchPage(url, local())).html).toContain("Flaky article");
  });

  it.each([
    ["/image.png", "The link is not a web page (image/png)"],
    ["/pdf", "The link is not a web page (application/pdf)"],
  ])("refuses the non-HTML %s", async (path, message) => {
    const failure = await failureOf(fetchPage(`${origin}${path}`, local()));
    expect(failure.message).toBe(message);
    expect(failure.retryable).toBe(false);
  });

  it("decodes an iso-8859-1 page whose charset is only in a meta tag", async () => {
    const page = await fetchPage(`${origin}/latin1`, local());
    expect(page.html).toContain("Café crème");
    expect(page.html).toContain("Grüße");
    expect(page.html).toContain("Straße");
    expect(page.html).not.toContain("\uFFFD");
  });

  it("reports a refused connection as retryable", async () => {
    const failure = await failureOf(fetchPage("http://127.0.0.1:9/", local()));
    expect(failure.message).toBe("The site could not be reached (127.0.0.1)");
    expect(failure.retryable).toBe(true);
  });
});

describe("charset detection", () => {
  const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

  it("reads <meta charset> and <meta http-equiv>", () => {
    expect(charsetFromMeta(bytes('<html><head><meta charset="ISO-8859-1">'))).toBe("ISO-8859-1");
    expect(charsetFromMeta(bytes('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'))).toBe(
      "windows-1251",
    );
    expect(charsetFromMeta(bytes("<!-- <meta charset=koi8-r> --><p>x</p>"))).toBeNull();
  });

  it("prefers BOM, then header, then meta, and falls back to UTF-8", () => {
    const latin = bytes('<meta charset="iso-8859-1"><p>caf\xe9</p>');
    expect(detectCharset(latin)).toBe("windows-1252");
    expect(decodeHtml(latin)).toContain("café");
    expect(detectCharset(latin, "text/html; charset=utf-8")).toBe("utf-8");
    expect(detectCharset(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41), "text/html; charset=iso-8859-1")).toBe("utf-8");
    expect(detectCharset(bytes("<p>x</p>"), "text/html; charset=no-such-charset")).toBe("utf-8");
    expect(detectCharset(bytes('<meta charset="utf-16">'))).toBe("utf-8");
    expect(decodeHtml(new TextEncoder().encode("<p>Grüße</p>"), "text/html")).toBe("<p>Grüße</p>");
  });

  it("decodes windows-1251 named by the header", () => {
    expect(decodeHtml(Uint8Array.of(0xcf, 0xf0, 0xe8), 'text/html; charset="windows-1251"')).toBe("При");
  });
});

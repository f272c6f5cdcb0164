// Workers have no DNS API, so the SSRF guard looks host names up with DNS-over-HTTPS (JSON API). The
// resolver is an interface so tests (and other runtimes) can inject their own.

export interface HostResolver {
  /**
   * Every IPv4 and IPv6 address the name resolves to; [] when the name does not exist or has no address.
   * Throws when the lookup itself fails: the guard then refuses, because it cannot vouch for the address.
   */
  resolve(hostname: string): Promise<string[]>;
}

const DOH_ENDPOINT = "https://cloudflare-dns.com/dns-query";
const DOH_TIMEOUT_MS = 5_000;
const RR_A = 1;
const RR_AAAA = 28;
const NOERROR = 0;
const NXDOMAIN = 3;

interface DohAnswer {
  type?: unknown;
  data?: unknown;
}

interface DohResponse {
  Status?: unknown;
  Answer?: unknown;
}

// The default wraps the global fetch: a detached reference to it throws "Illegal invocation" in workerd.
export function createDohResolver(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): HostResolver {
  async function query(hostname: string, type: "A" | "AAAA"): Promise<string[]> {
    const url = `${DOH_ENDPOINT}?name=${encodeURIComponent(hostname)}&type=${type}`;
    const response = await fetchImpl(url, {
      headers: { accept: "application/dns-json" },
      signal: AbortSignal.timeout(DOH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`DNS-over-HTTPS answered ${response.status} for ${hostname} ${type}`);
    const body = (await response.json()) as DohResponse;
    if (body.Status === NXDOMAIN) return [];
    if (body.Status !== NOERROR) throw new Error(`DNS lookup of ${hostname} ${type} failed (status ${body.Status})`);
    const answers = Array.isArray(body.Answer) ? (body.Answer as DohAnswer[]) : [];
    const wanted = type === "A" ? RR_A : RR_AAAA;
    // CNAME records come along in the answer; the A/AAAA records they lead to are what gets connected to.
    return answers.filter((a) => a.type === wanted && typeof a.data === "string").map((a) => String(a.data));
  }

  return {
    async resolve(hostname) {
      // Both families: the fetch may connect over either, so both must be checked. If either lookup fails
      // the whole resolution fails (fail closed) rather than vouching for half of the addresses.
      const [v4, v6] = await Promise.all([query(hostname, "A"), query(hostname, "AAAA")]);
      return [...v4, ...v6];
    },
  };
}

// The server-side request forgery guard: a URL is fetched only if it is http(s) and every address its host
// can lead to is public. Run on the first URL and again on every redirect hop.
//
// Limit: the Worker's own fetch resolves the name again, so a DNS answer that changes between the check and
// the connection (DNS rebinding) is not caught here; Cloudflare's edge refusing private destinations is the
// second line of defence in production.

import { FetchFailure, failures } from "./fetch-failure";
import type { HostResolver } from "./host-resolver";
import { classifyIpAddress, isAllowedClass } from "./ip-address";

export interface GuardOptions {
  allowLoopback: boolean;
  resolver: HostResolver;
}

/** Names that are local by definition or convention (RFC 6761, 6762 appendix G, 8375, ICANN .internal). */
const LOCAL_SUFFIXES = ["local", "localdomain", "internal", "intranet", "lan", "home", "corp", "private", "home.arpa"];
/** Names reserved so that they never resolve (RFC 2606, 6761, 7686, 9476): "not found" is the honest answer. */
const NEVER_PUBLIC_SUFFIXES = ["invalid", "test", "example", "onion", "alt"];

function hasSuffix(host: string, suffixes: readonly string[]): boolean {
  return suffixes.some((s) => host === s || host.endsWith(`.${s}`));
}

type HostVerdict = "allowed" | "blocked" | "not-found" | "lookup";

/** Decides what can be decided from the name alone (no lookup). */
export function judgeHostName(hostname: string, allowLoopback: boolean): HostVerdict {
  const ipClass = classifyIpAddress(hostname);
  if (ipClass !== null) return isAllowedClass(ipClass, allowLoopback) ? "allowed" : "blocked";
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return allowLoopback ? "allowed" : "blocked";
  if (hasSuffix(host, NEVER_PUBLIC_SUFFIXES)) return "not-found";
  // A single label ("intranet", "router") only resolves through a local search domain.
  if (hasSuffix(host, LOCAL_SUFFIXES) || !host.includes(".")) return "blocked";
  return "lookup";
}

async function assertFetchable(url: string, options: GuardOptions, viaRedirect: boolean): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw viaRedirect ? failures.badRedirect() : failures.invalidUrl();
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw failures.notHttp(parsed.protocol);

  // URL parsing has already turned "2130706433", "0x7f.1" and "0177.0.0.1" into "127.0.0.1", and IPv6 into
  // its canonical bracketed form, so what is checked is the address the fetch will use.
  const hostname = parsed.hostname;
  const verdict = judgeHostName(hostname, options.allowLoopback);
  if (verdict === "allowed") return parsed;
  if (verdict === "blocked") throw failures.blocked();
  if (verdict === "not-found") throw failures.unknownHost(hostname);

  let addresses: string[];
  try {
    addresses = await options.resolver.resolve(hostname.replace(/\.$/, ""));
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    // Also the case with no network (the DoH service unreachable): without an address nothing can be fetched.
    throw failures.unknownHost(hostname);
  }
  if (addresses.length === 0) throw failures.unknownHost(hostname);
  // ANY bad address blocks: the fetch may connect to whichever one. Unparseable answers count as bad.
  for (const address of addresses) {
    const ipClass = classifyIpAddress(address);
    if (ipClass === null || !isAllowedClass(ipClass, options.allowLoopback)) throw failures.blocked();
  }
  return parsed;
}

/** Throws a FetchFailure unless the URL may be fetched. Also used before handing a URL to the headless browser. */
export function assertFetchableUrl(url: string, options: GuardOptions): Promise<URL> {
  return assertFetchable(url, options, false);
}

/** The same check for a redirect target (an unparseable Location is reported as a bad redirect). */
export function assertFetchableRedirect(url: string, options: GuardOptions): Promise<URL> {
  return assertFetchable(url, options, true);
}

// Pure parsing and classification of IPv4 / IPv6 addresses for the SSRF guard. No I/O here, so every
// address class can be tested on its own.

/** Why an address is (or is not) fetchable. Everything but "public" is refused ("loopback" only by default). */
export type IpClass =
  | "public"
  | "loopback"
  | "unspecified"
  | "private"
  | "link-local"
  | "carrier-grade-nat"
  | "multicast"
  | "broadcast"
  | "metadata"
  | "documentation"
  | "reserved";

/**
 * Parses IPv4 the way the WHATWG URL parser does (1 to 4 parts, each decimal, 0-prefixed octal or 0x hex,
 * the last part filling the remaining bytes), so "2130706433", "0x7f.1" and "0177.0.0.1" all give 127.0.0.1.
 * `new URL()` already normalises hosts like this; parsing the same forms here means a string that reaches
 * the guard by another path cannot slip through as "not an IP". Returns the four bytes, or null.
 */
export function parseIPv4(text: string): [number, number, number, number] | null {
  const parts = text.split(".");
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop(); // a trailing dot is allowed
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Number(part);
    if (value === null) return null;
    numbers.push(value);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return [
    Math.floor(value / 2 ** 24) % 256,
    Math.floor(value / 2 ** 16) % 256,
    Math.floor(value / 2 ** 8) % 256,
    value % 256,
  ];
}

function parseIPv4Number(part: string): number | null {
  if (part === "") return null;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
  } else if (part.length > 1 && part.startsWith("0")) {
    digits = part.slice(1);
    radix = 8;
  }
  if (digits === "") return 0; // "0x" alone is 0 in the URL standard
  const pattern = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!pattern.test(digits)) return null;
  const value = Number.parseInt(digits, radix);
  return Number.isSafeInteger(value) ? value : null;
}

/** Parses IPv6 (with or without brackets, "::" compression, a trailing dotted IPv4, a zone id) into 8 words. */
export function parseIPv6(text: string): number[] | null {
  let input = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = input.indexOf("%");
  if (zone !== -1) input = input.slice(0, zone); // fe80::1%eth0: the zone does not change the class
  if (!input.includes(":")) return null;

  const halves = input.split("::");
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0] ?? "");
  const tail = halves.length === 2 ? parseGroups(halves[1] ?? "") : [];
  if (head === null || tail === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  if (head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function parseGroups(text: string): number[] | null {
  if (text === "") return [];
  const groups = text.split(":");
  const words: number[] = [];
  for (const [index, group] of groups.entries()) {
    if (index === groups.length - 1 && group.includes(".")) {
      // Only strict dotted decimal is valid inside IPv6 (RFC 4291), unlike bare IPv4 hosts.
      if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(group)) return null;
      const bytes = group.split(".").map(Number);
      if (bytes.some((b) => b > 255)) return null;
      const [a = 0, b = 0, c = 0, d = 0] = bytes;
      words.push(a * 256 + b, c * 256 + d);
    } else {
      if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
      words.push(Number.parseInt(group, 16));
    }
  }
  return words;
}

/** Well-known cloud metadata endpoints. Most sit in blocked ranges anyway; naming them gives a precise class. */
const IPV4_METADATA = new Set([
  "169.254.169.254", // AWS, GCP, Azure, OpenStack, DigitalOcean...
  "169.254.170.2", // AWS ECS task metadata
  "169.254.170.23", // AWS EKS pod identity
  "100.100.100.200", // Alibaba Cloud
  "192.0.0.192", // Oracle Cloud (legacy)
  "168.63.129.16", // Azure WireServer: a public address that only answers from inside Azure
]);

export function classifyIPv4(bytes: readonly [number, number, number, number]): IpClass {
  const [a, b, c] = bytes;
  if (IPV4_METADATA.has(bytes.join("."))) return "metadata";
  if (a === 0) return "unspecified"; // 0.0.0.0/8 "this network": 0.0.0.0 reaches localhost on Linux
  if (a === 10) return "private";
  if (a === 100 && b >= 64 && b <= 127) return "carrier-grade-nat";
  if (a === 127) return "loopback";
  if (a === 169 && b === 254) return "link-local";
  if (a === 172 && b >= 16 && b <= 31) return "private";
  if (a === 192 && b === 0 && c === 0) return "reserved"; // IETF protocol assignments
  if (a === 192 && b === 0 && c === 2) return "documentation";
  if (a === 192 && b === 88 && c === 99) return "reserved"; // deprecated 6to4 relay anycast
  if (a === 192 && b === 168) return "private";
  if (a === 198 && (b === 18 || b === 19)) return "reserved"; // benchmarking, often used inside labs
  if (a === 198 && b === 51 && c === 100) return "documentation";
  if (a === 203 && b === 0 && c === 113) return "documentation";
  if (a >= 224 && a <= 239) return "multicast";
  if (bytes.every((x) => x === 255)) return "broadcast";
  if (a >= 240) return "reserved";
  return "public";
}

function embeddedIPv4(high: number, low: number): [number, number, number, number] {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

export function classifyIPv6(words: readonly number[]): IpClass {
  const w = (i: number) => words[i] ?? 0;
  const zeroUpTo = (n: number) => words.slice(0, n).every((x) => x === 0);

  if (zeroUpTo(8)) return "unspecified";
  if (zeroUpTo(7) && w(7) === 1) return "loopback";
  // Forms that carry an IPv4 address: the packet ends up at that IPv4 address, so it decides.
  if (zeroUpTo(5) && w(5) === 0xffff) return classifyIPv4(embeddedIPv4(w(6), w(7))); // ::ffff:a.b.c.d mapped
  if (zeroUpTo(4) && w(4) === 0xffff && w(5) === 0) return classifyIPv4(embeddedIPv4(w(6), w(7))); // SIIT
  if (zeroUpTo(6)) {
    // ::a.b.c.d "IPv4-compatible": deprecated and never routed on the internet, so public ones are refused too.
    const inner = classifyIPv4(embeddedIPv4(w(6), w(7)));
    return inner === "public" ? "reserved" : inner;
  }
  if (w(0) === 0x64 && w(1) === 0xff9b && words.slice(2, 6).every((x) => x === 0)) {
    return classifyIPv4(embeddedIPv4(w(6), w(7))); // NAT64 well-known prefix 64:ff9b::/96
  }
  if (w(0) === 0x64 && w(1) === 0xff9b && w(2) === 1) return "private"; // local-use NAT64 64:ff9b:1::/48
  if (w(0) === 0x100 && zeroUpTo(4)) return "reserved"; // discard-only 100::/64
  if (w(0) === 0x2001 && w(1) === 0xdb8) return "documentation"; // 2001:db8::/32
  if (w(0) === 0x2001 && w(1) < 0x200) return "reserved"; // 2001::/23: Teredo, benchmarking, ORCHID...
  if (w(0) === 0x2002) {
    return classifyIPv4(embeddedIPv4(w(1), w(2))); // 6to4 2002:a.b.c.d::/48 goes to that IPv4 address
  }
  if (w(0) === 0x3fff && w(1) < 0x1000) return "documentation"; // 3fff::/20
  if (w(0) === 0x5f00) return "reserved"; // SRv6 SIDs
  if (w(0) === 0xfd00 && w(1) === 0x0ec2 && words.slice(2, 7).every((x) => x === 0) && w(7) === 0x254) {
    return "metadata"; // AWS IMDS over IPv6, fd00:ec2::254
  }
  if ((w(0) & 0xfe00) === 0xfc00) return "private"; // unique local fc00::/7
  if ((w(0) & 0xffc0) === 0xfe80) return "link-local"; // fe80::/10
  if ((w(0) & 0xffc0) === 0xfec0) return "private"; // deprecated site-local fec0::/10
  if ((w(0) & 0xff00) === 0xff00) return "multicast";
  if ((w(0) & 0xe000) !== 0x2000) return "reserved"; // only 2000::/3 is allocated global unicast
  return "public";
}

/** Classifies an IPv4 or IPv6 literal (brackets allowed); null when the text is not an IP address. */
export function classifyIpAddress(text: string): IpClass | null {
  const v6 = parseIPv6(text);
  if (v6) return classifyIPv6(v6);
  const v4 = parseIPv4(text);
  return v4 ? classifyIPv4(v4) : null;
}

/** Loopback is the one class configuration may open (development, so a local server can stand in for the web). */
export function isAllowedClass(ipClass: IpClass, allowLoopback: boolean): boolean {
  return ipClass === "public" || (ipClass === "loopback" && allowLoopback);
}

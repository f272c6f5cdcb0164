// Every way a fetch can fail, as a sentence the user reads on the article ("processing_error") plus whether
// trying again later could help (the workflow retries only those).

export class FetchFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "FetchFailure";
  }
}

/** "20 s", "0.5 s": the time cap is configurable, so the sentence names the cap actually used. */
export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(1))} s`;
}

/** "5 MB", "512 KB": same reason, the size cap is configurable. */
export function formatBytes(bytes: number): string {
  const units = [
    [1024 * 1024, "MB"],
    [1024, "KB"],
  ] as const;
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : Number(value.toFixed(1))} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}

const REASONS: Record<number, string> = {
  300: "Multiple Choices",
  301: "Moved Permanently",
  302: "Found",
  303: "See Other",
  304: "Not Modified",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  407: "Proxy Authentication Required",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  411: "Length Required",
  412: "Precondition Failed",
  413: "Content Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  418: "I'm a teapot",
  421: "Misdirected Request",
  422: "Unprocessable Content",
  423: "Locked",
  425: "Too Early",
  426: "Upgrade Required",
  428: "Precondition Required",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  451: "Unavailable For Legal Reasons",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  505: "HTTP Version Not Supported",
  507: "Insufficient Storage",
  508: "Loop Detected",
  511: "Network Authentication Required",
};

/** HTTP/2 responses carry no reason phrase, so the standard one is used when the site sends none. */
export function statusLine(status: number, statusText = ""): string {
  const reason = statusText.trim() || REASONS[status] || "";
  return reason ? `${status} ${reason}` : String(status);
}

export const failures = {
  invalidUrl: () => new FetchFailure("The link is not a valid web address", false),
  notHttp: (protocol: string) =>
    new FetchFailure(`The link is not a web address VibeRead can fetch (only http and https, not ${protocol})`, false),
  // The same sentence when a redirect leads there: the user saved the link, so it is the link that points there.
  blocked: () =>
    new FetchFailure("The link points to a private or local network address, which VibeRead does not fetch", false),
  unknownHost: (host: string) => new FetchFailure(`The site's address could not be found (${host})`, false),
  timeout: (ms: number) => new FetchFailure(`The page took longer than ${formatSeconds(ms)} to respond`, true),
  // 5xx, 429 and 408 are the site saying "not now"; other 4xx will answer the same next time.
  status: (status: number, statusText?: string) =>
    new FetchFailure(
      `The site answered ${statusLine(status, statusText)}`,
      status >= 500 || status === 429 || status === 408,
    ),
  tooManyRedirects: (max: number) =>
    new FetchFailure(`The site redirected more than ${max} time${max === 1 ? "" : "s"}`, false),
  redirectWithoutLocation: (status: number, statusText?: string) =>
    new FetchFailure(`The site answered ${statusLine(status, statusText)} but did not say where to go`, false),
  badRedirect: () => new FetchFailure("The site redirected to an address that is not valid", false),
  notPdf: () => new FetchFailure("The link says it answers a PDF, but what it sent is not one", false),
  notHtml: (type: string) => new FetchFailure(`The link is not a web page (${type || "unknown type"})`, false),
  tooLarge: (maxBytes: number) => new FetchFailure(`The page is larger than ${formatBytes(maxBytes)}`, false),
  unreachable: (host: string) => new FetchFailure(`The site could not be reached (${host})`, true),
};

import { loadSettings, saveSettings, serverOrigin } from "./settings";

const form = document.getElementById("form") as HTMLFormElement;
const server = document.getElementById("server") as HTMLInputElement;
const token = document.getElementById("token") as HTMLInputElement;
const getToken = document.getElementById("get-token") as HTMLAnchorElement;
const result = document.getElementById("result") as HTMLElement;
const testButton = document.getElementById("test") as HTMLButtonElement;

function updateTokenLink() {
  const origin = serverOrigin(server.value);
  getToken.href = origin ? `${origin}/#/settings` : "#";
}

/**
 * The built-in host permissions cover only a local server; any other server's origin is asked for here, on the
 * click (Firefox honours a request only as the first await after the user's gesture, so no check comes first;
 * an origin already granted resolves true without a prompt). The extension reaches nothing the user did not name.
 */
function allowOrigin(origin: string): Promise<boolean> {
  return chrome.permissions.request({ origins: [`${origin}/*`] });
}

async function store(): Promise<string | undefined> {
  const origin = serverOrigin(server.value);
  if (!origin) {
    result.textContent = "The server URL must start with http:// or https://";
    return undefined;
  }
  // Not sent as "Bearer " to be refused: an empty token is a missing field, said before anything is asked.
  if (!token.value.trim()) {
    result.textContent = "Enter a token";
    token.focus();
    return undefined;
  }
  if (!(await allowOrigin(origin))) {
    result.textContent = `The extension needs permission to reach ${origin}.`;
    return undefined;
  }
  await saveSettings({ serverUrl: origin, token: token.value.trim() });
  return origin;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (await store()) result.textContent = "Saved";
});

testButton.addEventListener("click", async () => {
  const origin = await store();
  if (!origin) return;
  result.textContent = "Testing…";
  try {
    const response = await fetch(`${origin}/api/auth/me`, {
      headers: { Authorization: `Bearer ${token.value.trim()}` },
    });
    if (response.ok) {
      const me = (await response.json()) as { email?: string };
      result.textContent = `Connected as ${me.email ?? "your account"}`;
    } else {
      result.textContent = response.status === 401 ? "The token was refused" : `The server answered ${response.status}`;
    }
  } catch {
    result.textContent = `Could not reach ${origin}`;
  }
});

server.addEventListener("input", updateTokenLink);
loadSettings().then((settings) => {
  server.value = settings.serverUrl;
  token.value = settings.token;
  updateTokenLink();
});

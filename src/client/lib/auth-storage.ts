/** The signed-in session in local storage, under the keys the spec fixes: `authToken` and `user`. */
export interface StoredUser {
  id: number;
  email: string;
  created_at: string;
}

const TOKEN_KEY = "authToken";
const USER_KEY = "user";

export function readStoredSession(): { token: string; user: StoredUser } | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const rawUser = localStorage.getItem(USER_KEY);
  if (!token || !rawUser) return null;
  try {
    const user = JSON.parse(rawUser) as StoredUser;
    return typeof user?.email === "string" ? { token, user } : null;
  } catch {
    return null;
  }
}

export function readStoredToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeSession(token: string, user: StoredUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function storeUser(user: StoredUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

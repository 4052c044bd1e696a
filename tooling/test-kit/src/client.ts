/** A signed-in dashboard user: cookies kept across calls, tRPC the way the dashboard calls it. */
export class DashboardClient {
  private cookies = new Map<string, string>();

  constructor(readonly apiUrl: string) {}

  private async request(path: string, init: RequestInit = {}): Promise<unknown> {
    const headers = new Headers(init.headers);
    headers.set("origin", this.apiUrl);
    if (this.cookies.size > 0) {
      headers.set(
        "cookie",
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    const response = await fetch(`${this.apiUrl}${path}`, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      if (index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  /** better-auth's email sign-up (signs in too). */
  async signUp(name: string, email: string, password: string): Promise<void> {
    await this.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, email, password }),
    });
  }

  async mutation<T>(path: string, input: unknown): Promise<T> {
    const answer = (await this.request(`/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    })) as { result: { data: T } };
    return answer.result.data;
  }

  async query<T>(path: string, input?: unknown): Promise<T> {
    const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const answer = (await this.request(`/trpc/${path}${query}`)) as { result: { data: T } };
    return answer.result.data;
  }
}

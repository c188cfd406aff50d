/** A minimal cookie jar for tests that walk redirects by hand. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Sets a cookie as a response would (a form key a test made for a time of its choosing). */
  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** fetch without following redirects, sending and keeping cookies. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set("cookie", this.header());
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    this.store(response);
    return response;
  }
}

/**
 * Signs the jar's browser in with the sign-in page's button (local mode: a
 * demo account of its own), as a form without JavaScript posts it. The
 * answer is a redirect onwards.
 */
export function signInLocally(
  jar: CookieJar,
  baseUrl: string,
  options: { returnTo?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return jar.fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams(options.returnTo ? { returnTo: options.returnTo } : {}),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: baseUrl,
      ...options.headers,
    },
  });
}

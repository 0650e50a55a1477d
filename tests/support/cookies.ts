/** Cookies of one origin kept across redirects (a stand-in's interaction and session cookies). */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  /** One request with these cookies, redirects not followed; the cookies it sets are kept. */
  async hop(url: string, init: RequestInit = {}) {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: this.header() },
    });
    this.take(response);
    return response;
  }
}

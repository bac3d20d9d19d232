/** A signed-in portal session over plain HTTP, as a browser would hold it: next-auth's credentials sign-in. */
import { DEMO_USER } from "@/lib/demo/demo-account";

export interface Timed {
  ms: number;
  bytes: number;
  status: number;
}

/**
 * A page's address; an RSC request carries the `_rsc` parameter as the app's router sends it. Without the router's
 * state-tree header its value is empty: Next.js answers an RSC request without the value it expects with a 307 to
 * the address with it (a client following it would time two requests). The payload is then the whole page's, a
 * little more than a navigation's from a sibling view, whose router names the parts it already has.
 */
export function pageUrl(baseUrl: string, path: string, as: "html" | "rsc"): URL {
  const url = new URL(path, baseUrl);
  if (as === "rsc") url.searchParams.set("_rsc", "");
  return url;
}

/**
 * The headers of a POST from the portal's own page: the session cookie, and the Origin a browser sends, which the
 * routes that change state check against the portal's (lib/http/same-origin.ts).
 */
export function postHeaders(baseUrl: string, cookie: string): Record<string, string> {
  return { cookie, origin: new URL(baseUrl).origin, "content-type": "application/json" };
}

export class PortalSession {
  private constructor(
    readonly baseUrl: string,
    /** The session's cookies as a Cookie header (for a driver of its own, e.g. `npm run bench:load`). */
    readonly cookie: string,
  ) {}

  /**
   * Signs in with an account's email and password (the demo user's by default, in demo mode): csrf token, then the
   * credentials callback, keeping the cookies.
   */
  static async signIn(
    baseUrl: string,
    account: { email: string; password: string } = DEMO_USER,
  ): Promise<PortalSession> {
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const jar = new Map<string, string>();
    keep(jar, csrf.headers.getSetCookie());
    const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: header(jar) },
      body: new URLSearchParams({
        csrfToken,
        email: account.email,
        password: account.password,
        callbackUrl: `${baseUrl}/`,
        json: "true",
      }),
    });
    keep(jar, res.headers.getSetCookie());
    if (![...jar.keys()].some((k) => k.includes("session-token")))
      throw new Error(`sign-in of ${account.email} failed: HTTP ${res.status} (is the server in demo mode?)`);
    return new PortalSession(baseUrl, header(jar));
  }

  /** The same session (its cookie) sent to another address: one instance of a cluster, directly. */
  at(baseUrl: string): PortalSession {
    return new PortalSession(baseUrl, this.cookie);
  }

  /** One page, read to its end: as HTML (a first visit) or as the RSC payload of a client-side navigation. */
  async get(path: string, as: "html" | "rsc"): Promise<Timed> {
    const started = performance.now();
    const res = await fetch(pageUrl(this.baseUrl, path, as), {
      headers: { cookie: this.cookie, ...(as === "rsc" ? { rsc: "1" } : {}) },
      // A redirect is an answer of its own, never followed unseen (see pageUrl).
      redirect: "manual",
    });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return { ms: performance.now() - started, bytes: body.byteLength, status: res.status };
  }

  /** A JSON request (an export's start, state or cancel): the status and the parsed body. */
  async json(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? "GET",
      headers: { cookie: this.cookie, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  }

  /**
   * A POST of a JSON body as the portal's pages send it (a review mark, a comment), read to its end: the status,
   * the time and the parsed answer (null when it is not JSON).
   */
  async post(path: string, body: unknown): Promise<Timed & { answer: unknown }> {
    const started = performance.now();
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: "POST",
      headers: postHeaders(this.baseUrl, this.cookie),
      body: JSON.stringify(body),
      redirect: "manual",
    });
    const text = await res.text();
    const answer = (() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    })();
    return { ms: performance.now() - started, bytes: Buffer.byteLength(text), status: res.status, answer };
  }

  /** A download read to its end without keeping it: its bytes. */
  async drain(path: string): Promise<number> {
    const res = await fetch(`${this.baseUrl}${path}`, { headers: { cookie: this.cookie } });
    if (!res.ok || !res.body) throw new Error(`${path}: HTTP ${res.status}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
    return bytes;
  }

  /** A page's HTML; a redirect (to the sign-in page, say) is an error, not the page it leads to. */
  async text(path: string): Promise<string> {
    const res = await fetch(`${this.baseUrl}${path}`, { headers: { cookie: this.cookie }, redirect: "manual" });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return res.text();
  }

  /** The address of a study on the demo connection, read from the studies page. */
  async studyHref(study: string): Promise<string> {
    const html = await this.text("/");
    const match = new RegExp(`href="(/studies/[^/"]+/${study})"`).exec(html);
    if (!match) throw new Error(`study ${study} is not on the demo user's studies page`);
    return match[1];
  }

  /** The first subject of the study's subject list (loading it if need be). */
  async firstSubjectId(studyHref: string): Promise<string> {
    const html = await this.text(`${studyHref}/subjects`);
    // The subject list's first link in the HTML itself (the page's flight data repeats it with escaped quotes).
    const match = /href="[^"]*\/subjects\/([^"?/#\\]+)/.exec(html);
    if (!match) throw new Error("the subject list links to no subject profile");
    return decodeURIComponent(match[1]);
  }
}

function keep(jar: Map<string, string>, setCookies: string[]) {
  for (const c of setCookies) {
    const [pair] = c.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

const header = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

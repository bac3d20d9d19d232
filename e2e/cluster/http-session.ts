/**
 * Signing in and out over HTTP, as the sign-in form does through next-auth's routes, at any address: the proxy or
 * one instance's own port. A session is its cookies; it may be sent to another instance than the one that issued
 * it. `from` sends an X-Forwarded-For: an instance trusts one proxy (TRUSTED_PROXY_HOPS=1), so a request sent to
 * its port directly counts as coming from that address, which keeps each spec's limits per address its own.
 */

export const DEMO = { email: "demo@studyportal.example", password: "demo-portal-2024!" };

/** What the sign-in form shows for a refusal's code (lib/auth/sign-in-messages.ts; the specs compare both). */
export type SignInOutcome = { ok: true } | { ok: false; error: string };

export class HttpSession {
  private readonly jar = new Map<string, string>();
  /** The form's CSRF token, asked for once: any instance takes it (they share NEXTAUTH_SECRET). */
  private csrfToken: Promise<string> | undefined;

  constructor(private readonly from?: string) {}

  get cookies(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The session cookie alone, to replay elsewhere. */
  get sessionCookie(): string {
    const value = this.jar.get("next-auth.session-token");
    if (!value) throw new Error("no session cookie: not signed in");
    return `next-auth.session-token=${value}`;
  }

  private headers(extra: Record<string, string> = {}, from = this.from): Record<string, string> {
    return { cookie: this.cookies, ...(from ? { "x-forwarded-for": from } : {}), ...extra };
  }

  private keep(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === "" || /max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  async get(url: string): Promise<Response> {
    return this.keep(await fetch(url, { headers: this.headers(), redirect: "manual" }));
  }

  private csrf(base: string): Promise<string> {
    this.csrfToken ??= this.get(`${base}/api/auth/csrf`).then(async (res) => {
      return ((await res.json()) as { csrfToken: string }).csrfToken;
    });
    return this.csrfToken;
  }

  private async post(url: string, form: Record<string, string>, from = this.from): Promise<Response> {
    const headers = this.headers({ "content-type": "application/x-www-form-urlencoded" }, from);
    const body = new URLSearchParams(form);
    return this.keep(await fetch(url, { method: "POST", headers, body, redirect: "manual" }));
  }

  /** The credentials sign-in at `base`: ok, or the error code next-auth hands to the sign-in form. */
  signIn(base: string, user: { email: string; password: string } = DEMO): Promise<SignInOutcome> {
    return this.signInFrom(this.from, base, user);
  }

  /** signIn as if from `from`; attempts of one session may come from many addresses (they share its form). */
  async signInFrom(
    from: string | undefined,
    base: string,
    user: { email: string; password: string },
  ): Promise<SignInOutcome> {
    const csrfToken = await this.csrf(base);
    const form = { ...user, csrfToken, json: "true" };
    const res = await this.post(`${base}/api/auth/callback/credentials`, form, from);
    const { url } = (await res.json()) as { url: string };
    const error = new URL(url).searchParams.get("error");
    return error === null && res.ok ? { ok: true } : { ok: false, error: error ?? `HTTP ${res.status}` };
  }

  /** next-auth's sign-out at `base` (the portal ends the session on the server and records it). */
  async signOut(base: string): Promise<void> {
    const csrfToken = await this.csrf(base);
    const res = await this.post(`${base}/api/auth/signout`, { csrfToken, json: "true" });
    if (!res.ok) throw new Error(`sign-out at ${base}: HTTP ${res.status}`);
  }
}

/** The account a session cookie opens at `base` (next-auth's session route), or null when it opens none. */
export async function sessionEmail(base: string, cookie: string): Promise<string | null> {
  const res = await fetch(`${base}/api/auth/session`, { headers: { cookie } });
  const body = (await res.json()) as { user?: { email?: string } };
  return body.user?.email ?? null;
}

/**
 * Which partner services the portal's server may call. A connection's base
 * URL is a user's input and the server requests it, so without a list any
 * user could make the server reach internal addresses (SSRF). The list
 * (PARTNER_BASE_URL_ALLOWLIST, lib/config/env.ts) is checked when a connection is
 * saved and again before any request with a stored one, which may predate a
 * change of the list. An entry is an origin (the whole origin), or an origin
 * and a path (only URLs under that path, docs/configuration.md).
 *
 * The list is the deployment's own: only an administrator is shown it; a user
 * is told to ask one (docs/security.md).
 */
export const ALLOWLIST_VARIABLE = "PARTNER_BASE_URL_ALLOWLIST";

/** Who is told about an address off the list: the roles of lib/auth/session-user.ts. */
export type AllowListAudience = "admin" | "user";

/** What a user (not an administrator) reads for an address off the list. */
export const NOT_ON_LIST = "This address is not on the portal's list of partner services; ask your administrator.";

/**
 * Thrown instead of making a request with a stored connection whose address is not on the list. It carries the
 * facts; the page that shows it writes the words (components/feedback/error-advice.ts), the list only to an
 * administrator (lib/connections/failure.ts).
 */
export class BaseUrlNotAllowedError extends Error {
  constructor(
    readonly baseUrl: string,
    readonly allowed: readonly string[],
  ) {
    super(`base URL ${baseUrl} is not on ${ALLOWLIST_VARIABLE}`);
    this.name = "BaseUrlNotAllowedError";
  }
}

// A separator written as an escape: a server that decodes it before routing would see other segments than the
// URL parser does, so a path holding one is under no entry.
const HIDDEN_SEPARATOR = /%(?:2f|5c)/i;

/**
 * The path of a parsed URL as decoded segments, without the trailing empty one (`/api/` and `/api` are both
 * `["api"]`); undefined when a segment hides a separator or is not valid percent-encoding. The URL parser has
 * already resolved `.` and `..` (also as `%2e`) and read `\` as `/`.
 */
function segmentsOf(url: URL): string[] | undefined {
  if (HIDDEN_SEPARATOR.test(url.pathname)) return undefined;
  const parts = url.pathname.split("/").slice(1);
  if (parts.at(-1) === "") parts.pop();
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
}

/** An http(s) URL with nothing but an origin and a path: what a base URL or an entry of the list is. */
function plainUrl(text: string): URL | undefined {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const plain = url && /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.search && !url.hash;
  return plain ? url : undefined;
}

/** Whether `url` is on the origin of `entry` and, segment by segment, under its path (`/api-x` is not under `/api`). */
function under(url: URL, path: readonly string[], entry: string): boolean {
  const e = plainUrl(entry);
  const prefix = e && segmentsOf(e);
  return !!prefix && e.origin === url.origin && prefix.every((segment, i) => path[i] === segment);
}

export function baseUrlAllowed(baseUrl: string, allowed: readonly string[]): boolean {
  // URL.origin lower-cases the host and drops a default port, as the list's entries were spelled by lib/config/env.ts.
  const url = plainUrl(baseUrl);
  const path = url && segmentsOf(url);
  return !!path && allowed.some((entry) => under(url, path, entry));
}

/** The settings form's answer to an address outside the list: the list and who sets it to an administrator only. */
export function notAllowedMessage(allowed: readonly string[], audience: AllowListAudience): string {
  if (audience !== "admin") return NOT_ON_LIST;
  return (
    `This portal may connect only to partner services at ${allowed.join(", ")}. ` +
    `An administrator sets these addresses with ${ALLOWLIST_VARIABLE}.`
  );
}

export function assertBaseUrlAllowed(baseUrl: string, allowed: readonly string[]): void {
  if (!baseUrlAllowed(baseUrl, allowed)) throw new BaseUrlNotAllowedError(baseUrl, allowed);
}

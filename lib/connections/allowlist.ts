/**
 * Which partner services the portal's server may call. A connection's base
 * URL is a user's input and the server requests it, so without a list any
 * user could make the server reach internal addresses (SSRF). The list
 * (PARTNER_BASE_URL_ALLOWLIST, lib/config/env.ts) is checked when a connection is
 * saved and again before any request with a stored one, which may predate a
 * change of the list.
 */
export const ALLOWLIST_VARIABLE = "PARTNER_BASE_URL_ALLOWLIST";

/**
 * Thrown instead of making a request with a stored connection whose address is not on the list. It carries the
 * facts; the page that shows it writes the words (components/feedback/error-advice.ts).
 */
export class BaseUrlNotAllowedError extends Error {
  constructor(
    readonly baseUrl: string,
    readonly allowed: readonly string[],
  ) {
    super(`base URL ${baseUrl} is not on ${ALLOWLIST_VARIABLE} (${allowed.join(", ")})`);
    this.name = "BaseUrlNotAllowedError";
  }
}

export function baseUrlAllowed(baseUrl: string, allowed: readonly string[]): boolean {
  // URL.origin lower-cases the host and drops a default port, as the list's entries were spelled by lib/config/env.ts.
  return URL.canParse(baseUrl) && allowed.includes(new URL(baseUrl).origin);
}

/** The settings form's answer to an address outside the list. */
export function notAllowedMessage(allowed: readonly string[]): string {
  return (
    `This portal may connect only to partner services at ${allowed.join(", ")}. ` +
    `An administrator sets these addresses with ${ALLOWLIST_VARIABLE}.`
  );
}

export function assertBaseUrlAllowed(baseUrl: string, allowed: readonly string[]): void {
  if (!baseUrlAllowed(baseUrl, allowed)) throw new BaseUrlNotAllowedError(baseUrl, allowed);
}

/** URL text helpers with no imports: safe for client components, the proxy and the partner service alike. */

/** The address without trailing slashes, so that `${base}/path` has exactly one. */
export const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, "");

/** Whether a path has a malformed percent-escape, which Next.js answers with a bare 500 when it decodes the path. */
export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** What Next.js gives a page as its search parameters. */
export type PageSearchParams = Record<string, string | string[] | undefined>;

/**
 * A page's search parameters as URLSearchParams (what the table and view parsers read); a repeated parameter keeps
 * its first value, as URLSearchParams.get would.
 */
export function searchParamsOf(params: PageSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out.set(key, first);
  }
  return out;
}

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

// A crafted address cannot make the server hold more than a few parameters; each parser checks its own values.
const MAX_QUERY_PARAMS = 100;

/** The query of a Next.js page (`searchParams`, a value or several per name) as URLSearchParams, repeats kept. */
export function searchParamsOf(query: PageSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  let n = 0;
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (n++ >= MAX_QUERY_PARAMS) return params;
      params.append(name, v);
    }
  }
  return params;
}

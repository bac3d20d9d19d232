/**
 * A page's query, as Next.js hands it over (`searchParams`), as the
 * URLSearchParams the table state parsers read (lib/tables/url-state.ts).
 * Bounded: a crafted address cannot make the server hold more than a few
 * parameters, and each parser checks its own values.
 */
export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

const MAX_PARAMS = 100;

export async function pageQuery(searchParams: PageSearchParams): Promise<URLSearchParams> {
  const out = new URLSearchParams();
  let n = 0;
  for (const [key, value] of Object.entries(await searchParams)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (n++ >= MAX_PARAMS) return out;
      out.append(key, v);
    }
  }
  return out;
}

/**
 * Bundle serialisation. Entries are stringified one by one and spliced into
 * the envelope, which avoids building one large object graph per page.
 */
import type { BundleLink } from "./search-params";

/** An entry: a resource with its fullUrl, or the entry's JSON already written (resources/compiled.ts). */
export type BundleEntry = { fullUrl: string; resource: unknown } | string;

const entryJson = (e: BundleEntry) =>
  typeof e === "string" ? e : `{"fullUrl":${JSON.stringify(e.fullUrl)},"resource":${JSON.stringify(e.resource)}}`;

export function bundleJson(
  identifier: { system: string; value: string } | undefined,
  total: number,
  links: BundleLink[],
  entries: BundleEntry[],
): string {
  const head = JSON.stringify({
    resourceType: "Bundle",
    ...(identifier ? { identifier } : {}),
    type: "searchset",
    total,
    link: links,
  });
  return `${head.slice(0, -1)},"entry":[${entries.map(entryJson).join(",")}]}`;
}

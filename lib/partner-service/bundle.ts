/**
 * Bundle serialisation. Entries are stringified one by one and spliced into
 * the envelope, which avoids building one large object graph per page.
 */
import type { BundleLink } from "./paging";

export interface BundleEntry {
  fullUrl: string;
  /** The resource, or its JSON already written (compiled serializers). */
  resource: unknown;
  json?: string;
}

export function bundleJson(identifier: { system: string; value: string } | undefined, total: number, links: BundleLink[], entries: BundleEntry[]): string {
  const head = JSON.stringify({ resourceType: "Bundle", ...(identifier ? { identifier } : {}), type: "searchset", total, link: links });
  const parts = entries.map((e) => `{"fullUrl":${JSON.stringify(e.fullUrl)},"resource":${e.json ?? JSON.stringify(e.resource)}}`);
  return `${head.slice(0, -1)},"entry":[${parts.join(",")}]}`;
}

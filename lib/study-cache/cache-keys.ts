/**
 * Cache keys. A partner identity is the base URL, partner ID and client ID:
 * everything that decides what the partner service answers. Keys start with
 * the identity, so one identity's entries can never answer another's request
 * and a refresh can drop exactly one identity's study.
 */
import type { PartnerCredentials } from "@/lib/partner-api/credentials";
import { withoutTrailingSlash } from "@/lib/url";

export type PartnerIdentity = Pick<PartnerCredentials, "baseUrl" | "partnerId" | "clientId">;

// NUL cannot occur in the JSON-encoded identity (JSON escapes it) nor in a validated study number.
const SEP = "\u0000";

/** The same service spelled with a trailing slash or an upper-case host is the same identity. */
export function normalBaseUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return withoutTrailingSlash(`${url.origin}${url.pathname}`);
  } catch {
    return withoutTrailingSlash(baseUrl);
  }
}

export function identityKey(id: PartnerIdentity): string {
  return JSON.stringify([normalBaseUrl(id.baseUrl), id.partnerId, id.clientId]);
}

export function entryKey(id: PartnerIdentity, study: string, recordType: string): string {
  return `${identityKey(id)}${SEP}${study}${SEP}${recordType}`;
}

/** Matches every record type of one study of one identity. */
export function studyMatcher(id: PartnerIdentity, study: string): (key: string) => boolean {
  const prefix = `${identityKey(id)}${SEP}${study}${SEP}`;
  return (key) => key.startsWith(prefix);
}

export interface KeyParts {
  baseUrl: string;
  partnerId: string;
  clientId: string;
  study: string;
  recordType: string;
}

/** The parts of a key, for the cache report. */
export function parseKey(key: string): KeyParts {
  const [identity, study, recordType] = key.split(SEP);
  const [baseUrl, partnerId, clientId] = JSON.parse(identity) as string[];
  return { baseUrl, partnerId, clientId, study, recordType };
}

/**
 * Cache keys. A partner identity is the base URL, partner ID and client ID:
 * everything that decides what the partner service answers. Keys start with
 * the identity, so one identity's entries can never answer another's request
 * and a refresh can drop exactly one identity's study.
 *
 * The base URL in a key is exactly the string the partner client puts before
 * its paths: credentials are normalised once (cacheCredentials) and that one
 * object gives both the keys and the client, so two spellings of an address
 * can neither share entries while their requests go to different places nor
 * split entries while they go to the same one.
 */
import { createHash } from "node:crypto";
import { withoutTrailingSlash } from "@/lib/http/url";
import type { PartnerCredentials } from "@/partner-api/credentials";

export type PartnerIdentity = Pick<PartnerCredentials, "baseUrl" | "partnerId" | "clientId">;

// NUL cannot occur in the JSON-encoded identity (JSON escapes it) nor in a validated study number.
const SEP = "\u0000";

/** The same service spelled with a trailing slash or an upper-case host is the same address. */
export function normalBaseUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return withoutTrailingSlash(`${url.origin}${url.pathname}`);
  } catch {
    return withoutTrailingSlash(baseUrl);
  }
}

/** The credentials the cache keys and its partner clients both use: the base URL in its one spelling. */
export function cacheCredentials(creds: PartnerCredentials): PartnerCredentials {
  return { ...creds, baseUrl: normalBaseUrl(creds.baseUrl) };
}

/** The identity as the requests see it: the base URL exactly as given (see cacheCredentials). */
export function identityKey(id: PartnerIdentity): string {
  return JSON.stringify([id.baseUrl, id.partnerId, id.clientId]);
}

/** The secret as a hash, so that keys never hold it in clear. */
const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** One set of credentials: the identity and its secret. */
export function credentialsKey(creds: PartnerCredentials): string {
  return `${identityKey(creds)}${SEP}${secretHash(creds.clientSecret)}`;
}

export function entryKey(id: PartnerIdentity, study: string, recordType: string): string {
  return `${identityKey(id)}${SEP}${study}${SEP}${recordType}`;
}

/** A proof that these credentials may read this study; studyMatcher matches it as it matches the study's entries. */
export function accessKey(creds: PartnerCredentials, study: string): string {
  return `${identityKey(creds)}${SEP}${study}${SEP}${secretHash(creds.clientSecret)}`;
}

/**
 * One set of credentials' record type of a study, as the instances name it to each other in Redis
 * (lib/coordination/shared-loads.ts): a hash, so that no identity, secret or study number is written there.
 */
export function sharedLoadKey(creds: PartnerCredentials, study: string, recordType: string): string {
  return createHash("sha256")
    .update(`${credentialsKey(creds)}${SEP}${study}${SEP}${recordType}`)
    .digest("hex");
}

/** One identity's study, as the instances name it to each other in Redis (a hash, as sharedLoadKey). */
export function sharedStudyKey(id: PartnerIdentity, study: string): string {
  return createHash("sha256")
    .update(`${identityKey(id)}${SEP}${study}`)
    .digest("hex");
}

/** One identity as its snapshots are filed in the portal store (./snapshots): a hash, as sharedStudyKey. */
export function snapshotIdentity(id: PartnerIdentity): string {
  return createHash("sha256").update(identityKey(id)).digest("hex");
}

/** Matches every record type (and every proof of access) of one study of one identity. */
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

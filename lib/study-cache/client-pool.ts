/**
 * One PartnerClient per set of credentials (identity and secret), reused
 * across requests so that its access token is reused until it expires. The
 * secret is part of the key (as a hash, never kept in clear as a key): a
 * changed or wrong secret gets its own client and must earn its own token.
 * The base URL is taken as given: the study cache normalises credentials
 * before they reach the pool (cache-keys.ts cacheCredentials).
 *
 * Clients of credentials that have obtained a token (proven) and of those that
 * never have (unproven: new, mistyped or made up) are kept apart, each pool
 * bounded and least recently used first out, so that any number of made-up
 * credentials can push out only each other, never a working client and its
 * token (docs/security.md). A client that obtains a token moves to the proven
 * pool; credentials whose token request is refused go back to the unproven.
 */

import { type ClientOptions, PartnerClient } from "@/lib/partner-client/client";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { credentialsKey } from "./cache-keys";

/** Clients of proven credentials kept at most. */
export const MAX_PROVEN_CLIENTS = 64;
/** Clients of unproven credentials kept at most, for all users together: each holds only a token request's state. */
export const MAX_UNPROVEN_CLIENTS = 16;
/** Credentials remembered as proven at most (beyond their clients' life in the pool), the least recent going first. */
const MAX_PROVEN_KEYS = 4096;

/** A Map used as a least-recently-used list: insertion order doubles as recency. */
class Recent<V> {
  readonly items = new Map<string, V>();
  constructor(private readonly max: number) {}
  use(key: string, value: V): void {
    this.items.delete(key);
    this.items.set(key, value);
    if (this.items.size > this.max) this.items.delete(this.items.keys().next().value!);
  }
}

export class ClientPool {
  private readonly proven: Recent<PartnerClient>;
  private readonly unproven: Recent<PartnerClient>;
  private readonly provenKeys = new Recent<true>(MAX_PROVEN_KEYS);

  constructor(
    private readonly options: ClientOptions = {},
    maxProven = MAX_PROVEN_CLIENTS,
    maxUnproven = MAX_UNPROVEN_CLIENTS,
  ) {
    this.proven = new Recent(maxProven);
    this.unproven = new Recent(maxUnproven);
  }

  get(creds: PartnerCredentials): PartnerClient {
    const key = credentialsKey(creds);
    const known = this.proven.items.get(key) ?? this.unproven.items.get(key);
    const client = known ?? new PartnerClient({ ...creds }, { ...this.options, proven: () => this.isProvenKey(key) });
    (this.isProvenKey(key) ? this.proven : this.unproven).use(key, client);
    return client;
  }

  /** Whether these credentials have obtained a token (and have not been refused one since). */
  isProven(creds: PartnerCredentials): boolean {
    return this.isProvenKey(credentialsKey(creds));
  }

  /** These credentials obtained a token with `client`: it joins the proven pool, even if it had left the other. */
  prove(creds: PartnerCredentials, client: PartnerClient): void {
    const key = credentialsKey(creds);
    this.provenKeys.use(key, true);
    this.unproven.items.delete(key);
    this.proven.use(key, client);
  }

  /** A token request of these credentials was refused: they are unproven again, their client with them. */
  disprove(creds: PartnerCredentials): void {
    const key = credentialsKey(creds);
    this.provenKeys.items.delete(key);
    const client = this.proven.items.get(key);
    this.proven.items.delete(key);
    if (client) this.unproven.use(key, client);
  }

  get size(): number {
    return this.proven.items.size + this.unproven.items.size;
  }

  private isProvenKey(key: string): boolean {
    return this.provenKeys.items.has(key);
  }
}

/**
 * One PartnerClient per set of credentials (identity and secret), reused
 * across requests so that its access token is reused until it expires. The
 * secret is part of the key (as a hash, never kept in clear as a key): a
 * changed or wrong secret gets its own client and must earn its own token.
 * The base URL is taken as given: the study cache normalises credentials
 * before they reach the pool (cache-keys.ts cacheCredentials).
 */

import { type ClientOptions, PartnerClient } from "@/lib/partner-client/client";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { credentialsKey } from "./cache-keys";

export class ClientPool {
  // Insertion order doubles as recency: a used client is re-inserted at the end.
  private readonly clients = new Map<string, PartnerClient>();

  constructor(
    private readonly options: ClientOptions = {},
    private readonly max = 64,
  ) {}

  get(creds: PartnerCredentials): PartnerClient {
    const key = credentialsKey(creds);
    let client = this.clients.get(key);
    if (client) this.clients.delete(key);
    else client = new PartnerClient({ ...creds }, this.options);
    this.clients.set(key, client);
    if (this.clients.size > this.max) this.clients.delete(this.clients.keys().next().value!);
    return client;
  }

  get size(): number {
    return this.clients.size;
  }
}

/**
 * The one way from a stored connection to credentials a request may use: the
 * base URL is checked against the allow-list first (a connection may have
 * been saved before the list changed), and only then is the secret opened.
 */
import { partnerBaseUrlAllowlist } from "@/lib/config/env";
import { openStoredConnection, type StoredConnection } from "@/lib/db/connections";
import type { Store } from "@/lib/store/store";
import { assertBaseUrlAllowed } from "./allowlist";

export interface OpenOptions {
  /** The key the secret is sealed with (the process's by default). */
  key?: Buffer;
  /** The allowed origins (PARTNER_BASE_URL_ALLOWLIST by default). */
  allowed?: readonly string[];
}

/**
 * A connection of this user with its credentials; undefined for an unknown ID or another user's. credentials()
 * throws BaseUrlNotAllowedError for an address off the list and SecretBoxError for a secret sealed under
 * another key, so that a caller still knows the connection and can say what to fix.
 */
export async function openConnection(
  store: Store,
  userId: number,
  id: string,
  { key, allowed }: OpenOptions = {},
): Promise<StoredConnection | undefined> {
  const stored = await openStoredConnection(store, userId, id, key);
  if (!stored) return undefined;
  return {
    connection: stored.connection,
    credentials() {
      assertBaseUrlAllowed(stored.connection.baseUrl, allowed ?? partnerBaseUrlAllowlist());
      return stored.credentials();
    },
  };
}

/**
 * The connections a stop closes last, once the work under way has ended (docs/health.md, Stopping): the store's
 * (a PostgreSQL pool's sessions end at once instead of at the server's timeout) and Redis's.
 */
import type Redis from "ioredis";
import { onStop } from "@/lib/runtime/process-stop";
import type { Store } from "@/lib/store/store";

/** QUIT waits for the replies under way; a connection that is down has nothing to wait for. */
export async function closeRedis(client: Redis): Promise<void> {
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

/** Registers the store and Redis (when used) to be closed at the end of a stop; once per process, at start. */
export function closeConnectionsOnStop(store: Store, client: Redis | undefined): void {
  onStop({ close: () => store.close() });
  if (client) onStop({ close: () => closeRedis(client) });
}

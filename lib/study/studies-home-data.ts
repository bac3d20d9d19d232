/**
 * The studies list of a signed-in user: their own connections (lib/db/connections.ts scopes every query by
 * owner), each with its health and its studies' rows (./studies-home.ts), from their own audit entries, their loads
 * that failed since (./load-failures.ts) and what the study cache holds for these credentials. No request reaches
 * the partner service.
 */
import { connectionHistory } from "@/lib/audit/connection-history";
import { BaseUrlNotAllowedError } from "@/lib/connections/allowlist";
import { openConnection } from "@/lib/connections/open-connection";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import { listConnections } from "@/lib/db/connections";
import type { Store } from "@/lib/store/store";
import type { HeldRecordType, StudyCache } from "@/lib/study-cache/study-cache";
import type { PartnerCredentials } from "@/partner-api/credentials";
import type { LoadFailure, LoadFailures } from "./load-failures";
import { loadFailures } from "./load-failures-instance";
import { type StudyRow, studyRow } from "./studies-home";
import { connectionHealth, type HealthWord, type State } from "./studies-home-state";

export interface ConnectionRow {
  id: string;
  name: string;
  partnerId: string;
  health: State<HealthWord>;
  studies: StudyRow[];
}

export async function studiesHome(
  store: Store,
  cache: StudyCache,
  userId: number,
  failures: LoadFailures = loadFailures(),
): Promise<ConnectionRow[]> {
  const connections = await listConnections(store, userId);
  const history = await connectionHistory(
    store,
    userId,
    connections.map((c) => c.id),
  );
  const credentials = await Promise.all(connections.map((c) => credentialsOf(store, userId, c.id)));
  const failedLoads = await Promise.all(connections.map((c) => failedLoadsOf(failures, userId, c.id)));
  return connections.map((c, i) => {
    const own = history.filter((e) => e.connectionId === c.id);
    const creds = credentials[i];
    const held = (study: string): HeldRecordType[] => (creds ? cache.held(creds, study) : []);
    const failed = failedLoads[i];
    return {
      id: c.id,
      name: c.name,
      partnerId: c.partnerId,
      health: connectionHealth(own, failed),
      studies: c.studies.map((s) => studyRow(s, own, held(s), failed)),
    };
  });
}

/**
 * The connection's failed loads; none when they cannot be read (Redis does not answer: docs/coordination.md), so
 * that the list still shows what the audit trail says rather than fail as a whole.
 */
async function failedLoadsOf(failures: LoadFailures, userId: number, id: string): Promise<LoadFailure[]> {
  try {
    return await failures.of(userId, id);
  } catch (err) {
    console.error("study: failed loads could not be read:", err instanceof Error ? err.message : "unknown");
    return [];
  }
}

/** The connection's credentials; undefined when they cannot be used (off the allow-list, a secret unreadable). */
async function credentialsOf(store: Store, userId: number, id: string): Promise<PartnerCredentials | undefined> {
  try {
    return (await openConnection(store, userId, id))?.credentials();
  } catch (err) {
    if (err instanceof SecretBoxError || err instanceof BaseUrlNotAllowedError) return undefined;
    throw err;
  }
}

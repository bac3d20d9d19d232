/**
 * The studies list of a signed-in user: their own connections (lib/db/connections.ts scopes every query by
 * owner), each with its health and its studies' rows (./studies-home.ts), from their own audit entries and what
 * the study cache holds for these credentials. No request reaches the partner service.
 */
import type { Database } from "better-sqlite3";
import { connectionHistory } from "@/lib/audit/connection-history";
import { BaseUrlNotAllowedError } from "@/lib/connections/allowlist";
import { openConnection } from "@/lib/connections/open-connection";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import { listConnections } from "@/lib/db/connections";
import type { HeldRecordType, StudyCache } from "@/lib/study-cache/study-cache";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { connectionHealth, type HealthWord, type State, type StudyRow, studyRow } from "./studies-home";

export interface ConnectionRow {
  id: string;
  name: string;
  partnerId: string;
  health: State<HealthWord>;
  studies: StudyRow[];
}

export function studiesHome(db: Database, cache: StudyCache, userId: number): ConnectionRow[] {
  const connections = listConnections(db, userId);
  const history = connectionHistory(
    db,
    userId,
    connections.map((c) => c.id),
  );
  return connections.map((c) => {
    const own = history.filter((e) => e.connectionId === c.id);
    const creds = credentialsOf(db, userId, c.id);
    const held = (study: string): HeldRecordType[] => (creds ? cache.held(creds, study) : []);
    return {
      id: c.id,
      name: c.name,
      partnerId: c.partnerId,
      health: connectionHealth(own),
      studies: c.studies.map((s) => studyRow(s, own, held(s))),
    };
  });
}

/** The connection's credentials; undefined when they cannot be used (off the allow-list, a secret unreadable). */
function credentialsOf(db: Database, userId: number, id: string): PartnerCredentials | undefined {
  try {
    return openConnection(db, userId, id)?.credentials();
  } catch (err) {
    if (err instanceof SecretBoxError || err instanceof BaseUrlNotAllowedError) return undefined;
    throw err;
  }
}

/**
 * The fingerprints of the keys every instance must share (docs/health.md, Shared keys), in the store's
 * instance_keys table: the first instance to start records each, and every later one compares its own with it, so
 * that an instance given another key refuses to start instead of failing its users' sessions, secrets and forms.
 */
import { keyFingerprint, type SharedKey } from "@/lib/config/shared-keys";
import type { PortalKeys } from "@/lib/crypto/portal-keys";
import type { Store } from "@/lib/store/store";

export type Fingerprints = Partial<Record<SharedKey, string>>;

/** The fingerprints of this instance's keys; the actions key's is the build's (buildActionsKeyFingerprint). */
export function fingerprintsOf(keys: PortalKeys, buildActionsKey: string): Fingerprints {
  return {
    NEXTAUTH_SECRET: keyFingerprint("NEXTAUTH_SECRET", keys.authSecret),
    // The key's bytes, so that two spellings of one key in base64 agree.
    PORTAL_SECRET_KEY: keyFingerprint("PORTAL_SECRET_KEY", keys.secretKey),
    ...(buildActionsKey ? { NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: buildActionsKey } : {}),
  };
}

export interface KeyMismatch {
  name: SharedKey;
  /** When the fingerprint it differs from was recorded. */
  recordedAt: string;
}

/**
 * Records each fingerprint that is not recorded yet, and returns the keys whose recorded fingerprint differs. Two
 * instances starting at once record one fingerprint each key: the second's insert does nothing, and it compares.
 */
export async function compareInstanceKeys(store: Store, fingerprints: Fingerprints, now = new Date()) {
  const entries = Object.entries(fingerprints) as [SharedKey, string][];
  if (!entries.length) return [];
  const recordedAt = now.toISOString();
  await store.db
    .insertInto("instance_keys")
    .values(entries.map(([name, fingerprint]) => ({ name, fingerprint, recorded_at: recordedAt })))
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const recorded = await store.db
    .selectFrom("instance_keys")
    .selectAll()
    .where(
      "name",
      "in",
      entries.map(([name]) => name),
    )
    .execute();
  return recorded
    .filter((row) => row.fingerprint !== fingerprints[row.name as SharedKey])
    .map((row): KeyMismatch => ({ name: row.name as SharedKey, recordedAt: row.recorded_at }));
}

/** The start's error for keys that differ from the other instances': it names each variable, never a value. */
export function mismatchError(mismatches: KeyMismatch[]): Error {
  const list = mismatches
    .map((m) => `  - ${m.name} differs from the key the instances on this store have used since ${m.recordedAt}.`)
    .join("\n");
  return new Error(
    `Study Portal cannot start: its keys must be those of every other instance sharing its store:\n${list}\n` +
      "Give this instance the same values as the others. To change a key for all of them, see docs/health.md, " +
      "Changing a shared key.",
  );
}

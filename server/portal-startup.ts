/**
 * Checks the portal's configuration when the server starts, so a missing
 * secret stops the start with a message instead of failing at the first
 * sign-in, and opens the portal store (migrating it; docs/store.md): in demo
 * mode it creates the demo account, outside it disables a leftover one (its
 * password is public). An instance that shares its store or Redis with others
 * must hold their keys (docs/health.md, Shared keys). The server serves
 * nothing before this has ended.
 */

import { oidcConfigProblem, oidcProvider } from "@/lib/auth/oidc";
import { admissionOf, admissionSummary } from "@/lib/auth/oidc-admission";
import { demoPartnerBaseUrl, env, publicBaseUrl } from "@/lib/config/env";
import { buildActionsKeyFingerprint, sharedKeyProblems, sharedKeysError, sharesState } from "@/lib/config/shared-keys";
import { redis } from "@/lib/coordination/redis";
import { portalKeys } from "@/lib/crypto/portal-keys";
import { DEMO_STUDIES, DEMO_USER, retireDemoUser, seedDemo } from "@/lib/demo/demo-account";
import { seedDemoSnapshots } from "@/lib/demo/demo-snapshots";
import { compareInstanceKeys, fingerprintsOf, mismatchError } from "@/lib/health/instance-keys";
import { closeConnectionsOnStop } from "@/lib/health/stop-connections";
import { portalStore } from "@/lib/store/portal-store";
import { DEMO_PARTNERS } from "@/partner-service/data/demo-partners";
import { serviceConfig } from "@/partner-service/instance";

export async function startPortal(): Promise<void> {
  const e = env();
  const oidcProblem = oidcConfigProblem(e);
  if (oidcProblem) throw new Error(`Study Portal cannot start: ${oidcProblem}`);
  if (e.OIDC_ISSUER && !e.NEXTAUTH_URL)
    throw new Error(
      "Study Portal cannot start: single sign-on needs NEXTAUTH_URL " +
        "(the portal's public address) for its callback URL.",
    );
  // Whom single sign-on admits is said at every start, so that its default (no new accounts) is never a surprise.
  if (oidcProvider(e)) console.log(`portal: ${admissionSummary(admissionOf(e))}`);
  // Before portalKeys(), which in demo mode would generate a missing key into a file of this instance's own.
  const shared = sharedKeyProblems(e);
  if (shared.length) throw sharedKeysError(shared);
  const keys = portalKeys();
  const store = await portalStore();
  if (sharesState(e)) {
    const mismatches = await compareInstanceKeys(store, fingerprintsOf(keys, buildActionsKeyFingerprint()));
    if (mismatches.length) throw mismatchError(mismatches);
  }
  if (e.DEMO_MODE) await seedDemo(store, { baseUrl: demoPartnerBaseUrl(e), key: keys.secretKey });
  else await retireDemoUser(store);
  if (e.DEMO_MODE) console.log(`portal: DEMO MODE. Sign in as ${DEMO_USER.email} / ${DEMO_USER.password}.`);
  else if (!e.NEXTAUTH_URL?.startsWith("https://"))
    console.warn("portal: NEXTAUTH_URL is not an https:// address, so session cookies are not marked Secure.");
}

/**
 * In demo mode with the embedded partner service, once the service's database is open: the demo connection's
 * snapshots of every data cut (lib/demo/demo-snapshots.ts), so that a new demo user sees what changed at once. A
 * failure costs only that, and is said.
 */
export async function seedDemoSnapshotsAtStart(): Promise<void> {
  const e = env();
  if (!e.DEMO_MODE || !e.PARTNER_DEMO_DATA || demoPartnerBaseUrl(e) !== publicBaseUrl(e)) return;
  const northstar = DEMO_PARTNERS.find((p) => p.partnerId === "NORTHSTAR")!;
  try {
    const started = performance.now();
    const cuts = await seedDemoSnapshots({
      store: await portalStore(),
      partnerDbPath: e.PARTNER_DB_PATH,
      creds: { baseUrl: demoPartnerBaseUrl(e), ...northstar },
      config: serviceConfig(),
      studies: DEMO_STUDIES,
    });
    if (cuts > 0)
      console.log(
        `portal: the demo's snapshots of data cuts 1 to ${cuts} in ${Math.round(performance.now() - started)} ms.`,
      );
  } catch (err) {
    console.warn(
      `portal: the demo's earlier snapshots could not be made (${err instanceof Error ? err.message : err}).`,
    );
  }
}

/**
 * startPortal for instrumentation.ts: a configuration error ends the process with its message. Once started, the
 * store's and Redis's connections are closed at the end of a stop (server/stop-sequence.mjs).
 */
export async function startPortalOrExit(): Promise<void> {
  try {
    await startPortal();
  } catch (err) {
    console.error(`\n${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  closeConnectionsOnStop(await portalStore(), redis());
}

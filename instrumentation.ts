/**
 * Runs once when the server starts, before it serves any request (Next.js
 * awaits it): checks the portal's secrets and opens its store (ending the
 * start with a message when either fails), then opens (and on a fresh
 * demo machine creates) the partner service database, not at the first
 * request; a database that cannot be opened, or that outside demo mode still
 * accepts the published demo secrets, ends the start with a message too. In demo mode, last, the demo
 * connection's snapshots of the earlier data cuts (server/portal-startup.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startPortalOrExit } = await import("@/server/portal-startup");
  await startPortalOrExit();
  const { startPartnerServiceOrExit } = await import("@/partner-service/instance");
  await startPartnerServiceOrExit();
  const { seedDemoSnapshotsAtStart } = await import("@/server/portal-startup");
  await seedDemoSnapshotsAtStart();
}

/**
 * Runs once when the server starts: checks the portal's secrets (ending the
 * start with a message when they are missing), then opens (and on a fresh
 * demo machine creates) the partner service database, not at the first
 * request; a database that cannot be opened, or that outside demo mode still
 * accepts the published demo secrets, ends the start with a message too.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startPortalOrExit } = await import("@/server/portal-startup");
  startPortalOrExit();
  const { startPartnerServiceOrExit } = await import("@/partner-service/instance");
  await startPartnerServiceOrExit();
}

/**
 * Runs once when the server starts: checks the portal's secrets (ending the
 * start with a message when they are missing), then opens (and on a fresh
 * machine creates) the partner service database, not at the first request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startPortalOrExit } = await import("./lib/portal-startup");
  startPortalOrExit();
  const { partnerService } = await import("./lib/partner-service/instance");
  await partnerService();
}

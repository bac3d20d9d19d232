/** Opens (and on a fresh machine creates) the partner service database when the server starts, not at the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { partnerService } = await import("./lib/partner-service/server");
  await partnerService();
}

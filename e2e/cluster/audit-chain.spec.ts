/**
 * One audit trail written by three instances at once (docs/store.md, The audit trail in either store): 1,000
 * entries appended by real requests spread over the three instances' ports, side by side — 50 sign-ins with their
 * sign-outs, and 900 sign-ins refused for their input, each from an address of its own so that each has its entry
 * (docs/audit.md: such refusals get one entry per source a minute) — and `npm run audit -- verify` finds one
 * intact chain, against each instance's checkpoint file.
 */
import { expect, test } from "@playwright/test";
import { auditShape, clusterState, query, verifyAudit } from "./cluster";
import { HttpSession } from "./http-session";

const PAIRS = 50;
const REFUSALS = 900;
/**
 * Sessions signed in at once: one per instance. More would not be faster (a password check takes a core for about
 * 90 ms) and would hold the demo account's sign-ins (counted as failures until they succeed, docs/security.md).
 */
const SESSIONS_AT_ONCE = 3;
const REFUSALS_AT_ONCE = 6;
/** Source addresses of this spec's requests (TEST-NET-2, 198.18.0.0/15), so that its entries can be told apart. */
const address = (kind: 0 | 1, n: number) => `198.${18 + kind}.${Math.floor(n / 250)}.${n % 250}`;

/** Runs `task(0..count-1)` with `atOnce` running at a time. */
async function spread(count: number, atOnce: number, task: (n: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) await task(n);
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
}

test("1,000 entries appended from three instances at once verify as one chain", async () => {
  const urls = clusterState().instances.map((i) => i.url);
  const at = (n: number) => urls[n % urls.length];
  const before = await auditShape();
  // One form's CSRF token and cookie serve every refused attempt.
  const form = new HttpSession();
  await spread(PAIRS + REFUSALS, SESSIONS_AT_ONCE + REFUSALS_AT_ONCE, async (n) => {
    if (n < PAIRS) {
      const session = new HttpSession(address(0, n));
      expect(await session.signIn(at(n)), `sign-in ${n} at ${at(n)}`).toEqual({ ok: true });
      return session.signOut(at(n + 1));
    }
    const empty = { email: "someone@cluster.example", password: "" };
    const outcome = await form.signInFrom(address(1, n), at(n), empty);
    expect(outcome, `refused sign-in ${n} at ${at(n)}`).toEqual({ ok: false, error: "CredentialsSignin" });
  });

  const rows = await query<{ action: string; n: string }>(
    "SELECT action, count(*) AS n FROM audit_log WHERE address LIKE '198.18.%' OR address LIKE '198.19.%' " +
      "GROUP BY action ORDER BY action",
  );
  expect(rows.map((r) => [r.action, Number(r.n)])).toEqual([
    ["auth.sign_in", PAIRS],
    ["auth.sign_in_failed", REFUSALS],
    ["auth.sign_out", PAIRS],
  ]);
  const after = await auditShape();
  expect(after.entries - before.entries).toBeGreaterThanOrEqual(2 * PAIRS + REFUSALS);
  // Gapless: as many entries as the last ID, every hash its own.
  expect(after.lastId).toBe(after.entries);
  expect(after.hashes).toBe(after.entries);
  for (const intact of await verifyAudit()) expect(intact).toBeGreaterThanOrEqual(after.entries);
});

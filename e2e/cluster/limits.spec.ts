/**
 * Limits count across instances (docs/coordination.md): failed sign-ins from one address, sent to the three
 * instances in turn, reach the address's cap once in total (the cluster runs with a cap of SIGN_IN_CAP), and then
 * every instance refuses that address, the right password included.
 */
import { expect, test } from "@playwright/test";
import { SIGN_IN_CAP } from "../../playwright.cluster.config";
import { clusterState } from "./cluster";
import { DEMO, HttpSession } from "./http-session";

/** The code of the refusal of an address past its cap (lib/auth/sign-in-throttle.ts, TOO_MANY_FROM_ADDRESS). */
const TOO_MANY = "TooManyAttemptsFromAddress";
/** Made-up accounts: no account's own failures (and waits) take part, only the address's. */
const nobody = (n: number) => ({ email: `nobody-${n}-${Date.now()}@cluster.example`, password: "wrong-password" });

test("failed sign-ins from one address over the three instances reach its cap once in total", async () => {
  const instances = clusterState().instances;
  const from = "198.51.100.40";
  for (let n = 0; n < SIGN_IN_CAP; n++) {
    const at = instances[n % instances.length];
    expect(await new HttpSession(from).signIn(at.url, nobody(n)), `failure ${n + 1} at ${at.name}`).toEqual({
      ok: false,
      error: "CredentialsSignin",
    });
  }
  for (const instance of instances) {
    const outcome = await new HttpSession(from).signIn(instance.url, DEMO);
    expect(outcome, `${instance.name} after ${SIGN_IN_CAP} failures in all`).toEqual({ ok: false, error: TOO_MANY });
  }
  // Another address is not held by them.
  expect(await new HttpSession("198.51.100.41").signIn(instances[0].url, DEMO)).toEqual({ ok: true });
});

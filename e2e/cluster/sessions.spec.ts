/**
 * Sessions across instances: a session one instance issued opens on every other, and a sign-out through one
 * instance ends it on all (the ended session is in the shared store, read on every request): the old cookie,
 * replayed straight at each instance's port, is signed out there.
 */
import { expect, test } from "@playwright/test";
import { clusterState } from "./cluster";
import { DEMO, HttpSession, sessionEmail } from "./http-session";

test("a sign-out through one instance ends the session on all of them", async () => {
  const [first, second] = clusterState().instances;
  const all = clusterState().instances;
  const session = new HttpSession("198.51.100.20");
  expect(await session.signIn(first.url)).toEqual({ ok: true });
  const cookie = session.sessionCookie;
  for (const instance of all) expect(await sessionEmail(instance.url, cookie), instance.name).toBe(DEMO.email);

  await session.signOut(second.url);

  for (const instance of all) {
    expect(await sessionEmail(instance.url, cookie), `${instance.name}: the old cookie`).toBeNull();
    // A page answers as to a visitor signed out: to the sign-in page.
    const res = await fetch(`${instance.url}/settings/connections`, { headers: { cookie }, redirect: "manual" });
    expect(res.status, instance.name).toBeGreaterThanOrEqual(300);
    expect(res.status, instance.name).toBeLessThan(400);
    expect(new URL(res.headers.get("location")!, instance.url).pathname, instance.name).toBe("/signin");
  }
});

/**
 * Refusals read as on one server, whichever instance answers: a wrong password (through the proxy, and at each
 * instance's port), and a study the partner does not grant (ONC-102 is Lakeside's, the demo connection is
 * Northstar's) on each instance. The words are those the single-server specs expect (e2e/portal).
 */
import { expect, test } from "@playwright/test";
import { SignInPage, WRONG_CREDENTIALS } from "../pages/SignInPage";
import { NO_ACCESS, NOT_GRANTED } from "../pages/StudyPage";
import { signIn } from "../support/portal";
import { openStudy, studyLoaded } from "../support/study";
import { clusterState } from "./cluster";
import { DEMO, HttpSession } from "./http-session";

test("a wrong password is refused with the same words through the proxy and by each instance", async ({ page }) => {
  const form = new SignInPage(page);
  await form.open();
  await form.submit(DEMO.email, "not-the-password");
  await form.expectRefused(WRONG_CREDENTIALS);
  for (const instance of clusterState().instances) {
    const outcome = await new HttpSession("198.51.100.30").signIn(instance.url, { ...DEMO, password: "wrong" });
    // The code the sign-in form turns into WRONG_CREDENTIALS (lib/auth/sign-in-messages.ts).
    expect(outcome, instance.name).toEqual({ ok: false, error: "CredentialsSignin" });
  }
});

test("a study the partner refuses says so in the same words on every instance", async ({ page }) => {
  await signIn(page);
  await openStudy(page, "ONC-102");
  await studyLoaded(page);
  const studyPath = new URL(page.url()).pathname;
  // The session cookie is the host's: the browser sends it to each instance's own port too.
  for (const instance of clusterState().instances) {
    await page.goto(`${instance.url}${studyPath}`);
    const alert = page.getByRole("alert", { name: NO_ACCESS });
    await expect(alert, instance.name).toContainText(NOT_GRANTED("NORTHSTAR", "ONC-102"));
    await expect(page.getByRole("table"), instance.name).toHaveCount(0);
  }
});

/** QA: signing in and out, the refused password and the signed-out redirect, with the QA account. */
import { CONNECTIONS_PATH } from "../pages/ConnectionsPage";
import { expect, test } from "./fixtures";

test.use({ signedIn: false });

test("a signed-out visitor of the studies, the settings or a study is sent to sign in", async ({
  page,
  signInPage,
  qa,
}) => {
  for (const path of ["/", CONNECTIONS_PATH, `/studies/00000000-0000-4000-8000-000000000000/${qa.study}`]) {
    await page.goto(path);
    await signInPage.expectShown();
  }
});

test("a wrong password is refused with a message, and nobody is signed in", async ({ signInPage, qa }) => {
  await signInPage.open();
  // A password nobody has; one failure for the QA account, forgotten at its next sign-in.
  await signInPage.submit(qa.email, `wrong-${Math.random().toString(36).slice(2)}`);
  await signInPage.expectRefused();
  await expect(signInPage.signedInAs()).toHaveCount(0);
});

test("the QA account signs in, returns to the page it asked for, and signs out", async ({ page, signInPage, qa }) => {
  await page.goto(CONNECTIONS_PATH);
  await signInPage.expectShown();
  await expect(page).toHaveURL(new RegExp(`/signin\\?callbackUrl=${encodeURIComponent(CONNECTIONS_PATH)}`));
  await signInPage.submit(qa.email, qa.password);
  await expect(page).toHaveURL(CONNECTIONS_PATH);
  await signInPage.expectSignedIn(qa.email);

  await signInPage.signOut();
  await page.goto(CONNECTIONS_PATH);
  await signInPage.expectShown();
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
});

/** The sign-in page and the account's sign-out: every label of them is here. */
import { expect, type Locator, type Page } from "@playwright/test";
import { fillSecret } from "./secret-input";

export const SIGN_IN_HEADING = "Sign in to Study Portal";
export const WRONG_CREDENTIALS = "Email or password is wrong.";

export class SignInPage {
  constructor(private readonly page: Page) {}

  async open(path = "/signin"): Promise<void> {
    await this.page.goto(path);
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/signin(\?|$)/);
    await expect(this.page.getByRole("heading", { name: SIGN_IN_HEADING })).toBeVisible();
  }

  /** Fills the form on the current page and submits it; the caller checks what follows. */
  async submit(email: string, password: string): Promise<void> {
    await this.page.getByLabel("Email").fill(email);
    await fillSecret(this.page.getByLabel("Password"), password);
    await this.page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  /**
   * Signs in from the sign-in page (`from`: its address, a callbackUrl included) and waits until the page has left
   * it for the signed-in shell. The one sign-in of the e2e tests: the QA suite's, and the portal specs' through
   * e2e/support/portal.ts.
   */
  async signIn(email: string, password: string, from = "/signin"): Promise<void> {
    await this.open(from);
    await this.submit(email, password);
    await this.page.waitForURL((url) => !url.pathname.startsWith("/signin"));
    await this.expectSignedIn(email);
  }

  async expectSignedIn(email: string): Promise<void> {
    await expect(this.signedInAs()).toHaveText(email);
  }

  /** The signed-in account's address in the page's header; absent when nobody is signed in. */
  signedInAs(): Locator {
    return this.page.getByTestId("user-email");
  }

  async expectRefused(message: string | RegExp = WRONG_CREDENTIALS): Promise<void> {
    await expect(this.page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(this.page).toHaveURL(/\/signin/);
  }

  async signOut(): Promise<void> {
    await this.page.getByRole("button", { name: "Sign out" }).click();
    await expect(this.page).toHaveURL(/\/signin$/);
  }
}

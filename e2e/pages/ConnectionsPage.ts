/**
 * The connection settings: the list of cards, the add and edit forms, Test connection and Remove. Every label of
 * these pages is here, so that a change of wording is fixed in one place.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { fillSecret } from "./secret-input";

export const CONNECTIONS_PATH = "/settings/connections";
export const NOT_SAVED = "The connection was not saved";
export const NO_SUCH_CONNECTION = "No such connection";
/** What a card shows in place of the stored secret. */
export const SECRET_HIDDEN = "stored, not shown";
/** The start of the error for a base URL off the portal's allow-list. */
export const OFF_ALLOW_LIST = /This address is not on the portal's list of partner services; ask your administrator\./;

/** How a card lists the connection's study numbers. */
export const studyList = (studies: string[]) => studies.join(", ");

/** A study's line in a Test connection report. */
export const REPORT_LINE = {
  accessible: (study: string, subjects: number) => `${study}: accessible, ${subjects} subjects`,
  forbidden: (study: string) => `${study}: forbidden.`,
} as const;

export interface ConnectionFields {
  name: string;
  baseUrl: string;
  partnerId: string;
  clientId: string;
  clientSecret: string;
  /** As the form takes them: numbers separated by commas or spaces. */
  studies: string;
}

export class ConnectionsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(CONNECTIONS_PATH);
    await expect(this.page).toHaveURL(/\/settings\/connections$/);
  }

  /** A connection's card, by its name (its heading). */
  card(name: string): Locator {
    return this.page.getByRole("listitem").filter({ has: this.page.getByRole("heading", { name, exact: true }) });
  }

  async fill(c: Partial<ConnectionFields>): Promise<void> {
    const labels: [Exclude<keyof ConnectionFields, "clientSecret">, string][] = [
      ["name", "Name"],
      ["baseUrl", "Base URL"],
      ["partnerId", "Partner ID"],
      ["clientId", "Client ID"],
      ["studies", "Study numbers"],
    ];
    for (const [key, label] of labels)
      if (c[key] !== undefined) await this.page.getByLabel(label, { exact: true }).fill(c[key]);
    if (c.clientSecret !== undefined) await fillSecret(this.secretInput(), c.clientSecret);
  }

  nameInput(): Locator {
    return this.page.getByLabel("Name", { exact: true });
  }

  secretInput(): Locator {
    return this.page.getByLabel("Client secret");
  }

  /** Fills the add form and submits it; the caller checks what follows. */
  async submitNew(c: ConnectionFields): Promise<void> {
    await this.page.goto(`${CONNECTIONS_PATH}/new`);
    await this.fill(c);
    await this.page.getByRole("button", { name: "Add connection" }).click();
  }

  /** Adds a connection and answers its ID. */
  async add(c: ConnectionFields): Promise<string> {
    await this.submitNew(c);
    await expect(this.page).toHaveURL(/\/settings\/connections$/);
    const id = await this.card(c.name).getAttribute("data-connection-id");
    expect(id, `the card of ${c.name}`).toMatch(/^[0-9a-f-]{36}$/);
    return id as string;
  }

  async openEdit(id: string) {
    return this.page.goto(`${CONNECTIONS_PATH}/${id}/edit`);
  }

  /** Presses Test connection on a card; answers the report (its status region). */
  async test(name: string): Promise<Locator> {
    const card = this.card(name);
    await card.getByRole("button", { name: "Test connection" }).click();
    return card.getByRole("status");
  }

  /** One study's line in a Test connection report. */
  studyLine(report: Locator, study: string): Locator {
    return report.locator(`[data-study="${study}"]`);
  }

  errorAlert(text: string | RegExp): Locator {
    return this.page.getByRole("alert").filter({ hasText: text });
  }

  /**
   * Removes one connection, by its name, and waits until its card is gone. The one place that knows how the portal
   * asks to confirm: a dialog of the page (role alertdialog) is confirmed in it; otherwise the browser's confirm()
   * is accepted.
   */
  async remove(name: string): Promise<void> {
    await this.open();
    const card = this.card(name);
    await expect(card).toHaveCount(1);
    const accept = (d: { accept: () => Promise<void> }) => d.accept();
    this.page.once("dialog", accept);
    try {
      await card.getByRole("button", { name: "Remove" }).click();
      const dialog = this.page.getByRole("alertdialog");
      await expect
        .poll(async () => (await dialog.isVisible()) || (await card.count()) === 0, { timeout: 10_000 })
        .toBe(true);
      if (await dialog.isVisible()) await dialog.getByRole("button", { name: /remove/i }).click();
      await expect(card).toHaveCount(0);
    } finally {
      this.page.off("dialog", accept);
    }
  }
}

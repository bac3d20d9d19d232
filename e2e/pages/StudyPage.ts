/**
 * A study of the suite's connection: opened from the studies page, its sections reached through the study's
 * navigation, its load's state ("Data as of", the error box). Section titles and page wording are here only.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** The study's sections, in the order of its navigation (sections/frame/addresses.ts shows the same list). */
export const SECTIONS = [
  "Overview",
  "Subjects",
  "Adverse events",
  "Laboratory",
  "Vital signs",
  "Medications",
  "Tumour response",
  "Data checks",
  "Changes",
  "Saved views",
] as const;
export type Section = (typeof SECTIONS)[number];

/** The views below a section, by the section's sub-navigation. */
export const SUB_VIEWS = {
  Laboratory: { nav: "Laboratory views", views: ["Tests", "Liver safety (eDISH)"] },
  "Tumour response": { nav: "Tumour response views", views: ["Summary", "Waterfall", "Spider plot", "Swimmer plot"] },
} as const;

export const NO_ACCESS = "No access to this study";
export const NOT_ON_LIST = "not on this connection's list";
/** What the no-access box says the partner service refused. */
export const NOT_GRANTED = (partnerId: string, study: string) =>
  `does not grant partner ${partnerId} access to study ${study}`;
/** The link in an error box that leads to the connection settings. */
export const SETTINGS_LINK = /settings/i;

/** The headings (level 1 the study's, level 2 the view's) of the study's pages. */
export const HEADINGS = {
  study: (study: string) => `Study ${study}`,
  subject: (id: string) => `Subject ${id}`,
  subjectResponse: (id: string) => `Tumour response of subject ${id}`,
} as const;

/** A load can take a while on a deployment the first time a study is opened: the partner pages it out. */
const LOAD_TIMEOUT = 120_000;

export class StudyPage {
  constructor(
    private readonly page: Page,
    readonly connectionId: string,
    readonly study: string,
  ) {}

  get path(): string {
    return `/studies/${this.connectionId}/${encodeURIComponent(this.study)}`;
  }

  /** Opens the study from the studies page, under the connection's heading. */
  async openFromStudies(connectionName: string): Promise<void> {
    await this.page.goto("/");
    await this.page
      .getByRole("region", { name: connectionName })
      .getByRole("link", { name: this.study, exact: true })
      .click();
    await this.expectHeading();
  }

  /** The study's own heading (level 1), which every page of the study shows, error or not. */
  async expectHeading(): Promise<void> {
    await expect(this.page.getByRole("heading", { level: 1 })).toHaveText(HEADINGS.study(this.study));
  }

  /** The view's heading (level 2): a subject's profile, a subject's tumour response. */
  viewHeading(): Locator {
    return this.page.getByRole("heading", { level: 2 });
  }

  /**
   * Opens an address below the study (a section, a subject, with its query); "" is the study's own address, its
   * Overview, and "/subjects" its subject list.
   */
  async goto(below = ""): Promise<void> {
    await this.page.goto(`${this.path}${below}`);
  }

  nav(): Locator {
    return this.page.getByRole("navigation", { name: "Study sections" });
  }

  /** Moves to a section through the study's navigation and waits for its data. */
  async section(title: Section): Promise<void> {
    await this.nav().getByRole("link", { name: title, exact: true }).click();
    await expect(this.nav().getByRole("link", { name: title, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(this.page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await this.expectLoaded();
  }

  /** Moves to a view of a section's own navigation (Laboratory, Tumour response). */
  async subView<S extends keyof typeof SUB_VIEWS>(section: S, view: (typeof SUB_VIEWS)[S]["views"][number]) {
    const nav = this.page.getByRole("navigation", { name: SUB_VIEWS[section].nav });
    await nav.getByRole("link", { name: view, exact: true }).click();
    await expect(nav.getByRole("link", { name: view, exact: true })).toHaveAttribute("aria-current", "page");
    await this.expectLoaded();
  }

  /** The data is there: its time is shown, and no error box (in the page's main: Next's route announcer is one). */
  async expectLoaded(): Promise<void> {
    await expect(this.page.getByText(/^Data as of /).first()).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(this.page.getByRole("main").getByRole("alert")).toHaveCount(0);
  }

  /** The study's error box, by its title. */
  errorBox(title: string | RegExp): Locator {
    return this.page.getByRole("alert", { name: title });
  }

  table(caption: string | RegExp): Locator {
    return this.page.getByRole("table", { name: caption });
  }
}

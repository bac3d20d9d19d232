/**
 * The pages `npm run screenshots` takes (docs/screenshots/README.md lists them): every page at each width of
 * WIDTHS, a page's state reached by `before` (a dialog, a chart's data table) at 1280 px only, and one in print
 * media. A path is below the study's address when `study` is set.
 */
import type { Locator, Page } from "@playwright/test";

/** The widths every page is taken at: a laptop, the reviewers' common desktop, a wide screen and a tablet. */
export const WIDTHS = [1280, 1440, 1920, 768] as const;

export interface Shot {
  name: string;
  /** What the picture shows, for the README. */
  title: string;
  path: string | ((s: Place) => string);
  /** Taken once, at 1280 px (a state of a page already taken at every width), rather than at each of WIDTHS. */
  once?: boolean;
  print?: boolean;
  /** The administrator's session rather than the demo user's. */
  admin?: boolean;
  /** Signed out (the sign-in page). */
  anonymous?: boolean;
  before?: (page: Page) => Promise<void>;
  /** The part of the page the picture starts at (else its top). */
  from?: (page: Page) => Locator;
}

/** Addresses found on the way: the study's, and a subject's. */
export interface Place {
  study: string;
  subject: string;
}

const showFirstDataTable = async (page: Page) => {
  await page.getByRole("button", { name: "Show data table" }).first().click();
  await page.getByRole("button", { name: "Hide data table" }).first().waitFor();
};

export const SHOTS: Shot[] = [
  { name: "signin", title: "Sign-in (demo mode)", path: "/signin", anonymous: true },
  { name: "studies", title: "Your studies (home)", path: "/" },
  { name: "connections", title: "Settings: partner connections", path: "/settings/connections" },
  {
    name: "connection-remove",
    title: "Removing a connection: the confirmation dialog (Radix AlertDialog)",
    path: "/settings/connections",
    once: true,
    before: async (page) => {
      await page.getByRole("button", { name: "Remove", exact: true }).first().click();
      await page.getByRole("alertdialog").waitFor();
    },
  },
  { name: "connection-new", title: "Settings: a new connection", path: "/settings/connections/new" },
  { name: "exports", title: "Settings: your exports", path: "/settings/exports" },
  { name: "activity", title: "Settings: your activity", path: "/settings/activity" },
  { name: "rules", title: "The clinical rules", path: "/rules" },
  { name: "study-subjects", title: "Study: subjects", path: (p) => p.study },
  { name: "subject-profile", title: "Study: a subject's profile", path: (p) => p.subject },
  { name: "adverse-events", title: "Study: adverse events", path: (p) => `${p.study}/adverse-events` },
  {
    name: "adverse-events-chart-table",
    title: "Adverse events: a chart's data table shown (Radix Collapsible)",
    path: (p) => `${p.study}/adverse-events`,
    once: true,
    before: showFirstDataTable,
    from: (page) => page.getByRole("figure").first(),
  },
  { name: "laboratory", title: "Study: laboratory, every test", path: (p) => `${p.study}/laboratory` },
  {
    name: "laboratory-test",
    title: "Laboratory: one test (charts, shift tables, listing)",
    path: (p) => `${p.study}/laboratory?test=code%3ALB0214`,
  },
  { name: "liver", title: "Laboratory: liver safety (eDISH)", path: (p) => `${p.study}/laboratory/liver` },
  { name: "vital-signs", title: "Study: vital signs", path: (p) => `${p.study}/vital-signs` },
  { name: "medications", title: "Study: medications", path: (p) => `${p.study}/medications` },
  { name: "tumour-response", title: "Study: tumour response", path: (p) => `${p.study}/tumour-response` },
  { name: "waterfall", title: "Response plots: waterfall", path: (p) => `${p.study}/tumour-response/waterfall` },
  { name: "spider", title: "Response plots: spider", path: (p) => `${p.study}/tumour-response/spider` },
  { name: "swimmer", title: "Response plots: swimmer", path: (p) => `${p.study}/tumour-response/swimmer` },
  {
    name: "response-subject",
    title: "Tumour response of one subject",
    path: (p) => p.subject.replace("/subjects/", "/tumour-response/subjects/"),
  },
  { name: "data-checks", title: "Study: data checks", path: (p) => `${p.study}/data-checks` },
  { name: "admin-audit", title: "Administration: the audit trail", path: "/admin/audit", admin: true },
  { name: "admin-cache", title: "Administration: the study cache", path: "/admin/cache", admin: true },
  {
    name: "study-subjects-print",
    title: "Study subjects, printed (print media)",
    path: (p) => p.study,
    once: true,
    print: true,
  },
];

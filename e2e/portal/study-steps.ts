/**
 * Steps the study views' browser tests share: the demo user signed in, a
 * study opened from the studies page, and the partner API's own records
 * fetched over HTTP with the published demo credentials, so that expected
 * values are built independently of the portal's code.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { API_PATH, NORTHSTAR, TOKEN_PATH } from "../api/support/addresses";
import { credentials } from "../api/support/requests";
import { DEMO, submitSignIn } from "./portal-steps";

export type Res = {
  id?: string;
  extension?: { url: string; valueString?: string; valueInteger?: number; valueDecimal?: number }[];
  identifier?: unknown;
  [k: string]: unknown;
};

// The CDC Race & Ethnicity and sex labels (docs/clinical-rules.md, Demographics), written out here, not imported:
// the tests must not check the portal's labels with themselves.
export const CDC_LABEL: Record<string, string> = {
  "2106-3": "White",
  "2054-5": "Black or African American",
  "2028-9": "Asian",
  "1002-5": "American Indian or Alaska Native",
  "2076-8": "Native Hawaiian or Other Pacific Islander",
  "2131-1": "Other Race",
  "2135-2": "Hispanic or Latino",
  "2186-5": "Not Hispanic or Latino",
  UNK: "Unknown",
};
export const SEX_LABEL: Record<string, string> = { male: "Male", female: "Female", other: "Other", unknown: "Unknown" };

/** A token of the demo partner NORTHSTAR (ONC-101 and CARD-201 granted). */
export async function northstarToken(request: APIRequestContext): Promise<string> {
  const tokenRes = await request.post(TOKEN_PATH, { form: credentials(NORTHSTAR) });
  return ((await tokenRes.json()) as { access_token: string }).access_token;
}

/** Every resource of a search, page after page by the `next` links. */
export async function searchAll(request: APIRequestContext, token: string, path: string): Promise<Res[]> {
  const out: Res[] = [];
  let url: string | undefined = `${API_PATH}/${path}`;
  while (url) {
    const res = await request.get(url, {
      headers: { authorization: `Bearer ${token}`, "x-partnerid": NORTHSTAR.partnerId },
    });
    expect(res.status(), url).toBe(200);
    const bundle = (await res.json()) as { entry?: { resource: Res }[]; link?: { relation: string; url: string }[] };
    out.push(...(bundle.entry ?? []).map((e) => e.resource));
    url = bundle.link?.find((l) => l.relation === "next")?.url;
  }
  return out;
}

/** Every study view's address after the study's own (its subject list), one laboratory test included. */
export const STUDY_VIEWS = [
  "",
  "/adverse-events",
  "/laboratory",
  "/laboratory?test=code%3ALB0214",
  "/laboratory/liver",
  "/vital-signs",
  "/medications",
  "/tumour-response",
  "/tumour-response/waterfall",
  "/tumour-response/spider",
  "/tumour-response/swimmer",
  "/data-checks",
];

export async function signIn(page: Page) {
  await page.goto("/signin");
  await submitSignIn(page, DEMO);
  await page.waitForURL((url) => !url.pathname.startsWith("/signin"));
}

export async function openStudy(page: Page, study: string) {
  await page.goto("/");
  await page.getByRole("link", { name: study, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(study);
}

/** Signs the demo user in, opens a study and waits for its subject list; the study's address, to go below it. */
export async function openStudyAddress(page: Page, study: string): Promise<string> {
  await signIn(page);
  await openStudy(page, study);
  await expect(page.getByRole("table", { name: /Subjects of study/ })).toBeVisible({ timeout: 60_000 });
  return new URL(page.url()).pathname;
}

/**
 * A study's section opened from the study's navigation, once the study has loaded: the first visit of a study
 * loads it from the partner service, which took over 5 s in CI while other tests ran beside it.
 */
export async function openSection(page: Page, study: string, section: string) {
  await signIn(page);
  await openStudy(page, study);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: section }).click();
  await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  await expect(page.locator("progress")).toHaveCount(0, { timeout: 60_000 });
}

/** The text of every body cell of a table, by its caption, row by row. */
export function tableCells(page: Page, caption: string): Promise<string[][]> {
  return page
    .getByRole("table", { name: caption })
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")));
}

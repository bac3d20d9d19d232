/**
 * A subject's profile in a browser, opened from the subject list as a user
 * would, against the production server in demo mode. Expected values come
 * from the partner API's own records (./subject-profile.expected.ts; the
 * recomputed responses: ../tumour-response/tumour-response.expected.ts).
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "../../support/portal";
import { openStudy, openSubjects, recordCells } from "../../support/study";
import { everyRowShown } from "../../support/tables";
import { type Assessment, type Bor, expectedResponse, SIGNED } from "../tumour-response/tumour-response.expected";
import { type ExpectedSubject, expectedSubjects } from "./subject-profile.expected";

const listTable = (page: Page) => page.getByRole("table", { name: /Subjects of study/ });
const header = (page: Page, name: string) => page.getByRole("columnheader", { name: new RegExp(`^${name}`) });

/** The cells of a table's body rows, as text. */
async function cells(table: Locator): Promise<string[][]> {
  return table
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())));
}

/** The subject list of a study, sorted by birth year descending, all on one page: its subject IDs in order. */
async function sortedList(page: Page, study: string): Promise<string[]> {
  await openSubjects(page, study);
  const birthYear = header(page, "Birth year");
  await birthYear.getByRole("button").click();
  await birthYear.getByRole("button").click();
  await expect(birthYear).toHaveAttribute("aria-sort", "descending");
  await page.getByLabel("Rows per page").selectOption("100");
  // The subject ID: the second column, after the Review column (docs/review.md).
  return (await cells(listTable(page))).map((row) => row[1]);
}

test("a profile from the sorted subject list: header, previous and next, adverse events, timeline, reload", async ({
  page,
  request,
}) => {
  const problems = await watch(page);
  const subjects = await expectedSubjects(request, "ONC-101");
  // Birth year descending, ties in the Group's order (the list's stable sort).
  const order = subjects
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s.birthYear - a.s.birthYear || a.i - b.i)
    .map(({ s }) => s);
  await signIn(page);
  expect(await sortedList(page, "ONC-101")).toEqual(order.map((s) => s.id));

  // A subject with adverse events, away from either end of the list.
  const at = order.findIndex((s, i) => i > 2 && i < order.length - 2 && s.adverseEvents.length > 1);
  const subject = order[at];
  await listTable(page).getByRole("link", { name: subject.id, exact: true }).click();
  await profileShown(page, subject.id);
  await expect(page).toHaveURL(/sort=birthYear\.desc/);
  await expectHeader(page, subject);

  const nav = page.getByRole("navigation", { name: "Subjects" });
  await expect(nav.getByRole("link", { name: /^Previous subject/ })).toHaveText(
    `Previous subject: ${order[at - 1].id}`,
  );
  await expect(nav.getByRole("link", { name: /^Next subject/ })).toHaveText(`Next subject: ${order[at + 1].id}`);
  await expect(nav).toContainText(`Subject ${at + 1} of ${order.length}`);

  // The subject's adverse events, as the API has them.
  const aeTable = page.getByRole("table", { name: /^Adverse events of subject/ });
  const aeRows = (await recordCells(page, /^Adverse events of subject/)).map((c) => ({
    key: c[0],
    term: c[1],
    grade: c[2],
    start: c[4],
    end: c[6],
  }));
  const aeExpected = subject.adverseEvents.map(({ key, term, grade, start, end }) => ({
    key,
    term,
    grade,
    start,
    end,
  }));
  expect(sortByKey(aeRows)).toEqual(sortByKey(aeExpected));

  // The timeline's data table is exactly what is plotted, and its adverse events sit on their study days.
  const plotted = await timelineTable(page);
  const drawn = await page
    .locator("[data-item]")
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute("data-item"), e.getAttribute("data-from"), e.getAttribute("data-to")].join(" ")),
    );
  expect(drawn.length).toBe(plotted.length);
  expect(new Set(drawn)).toEqual(new Set(plotted.map((r) => `${r.kind}:${r.record} ${r.from} ${r.to}`)));
  for (const ae of subject.adverseEvents) {
    const row = plotted.find((r) => r.record === ae.key)!;
    expect([row.startDay, row.endDay], ae.key).toEqual([String(ae.startDay), String(ae.endDay)]);
  }

  // Hovering an event shows its fields; clicking it opens it in the table below.
  const first = subject.adverseEvents[0];
  const bar = page.locator(`[data-item="adverse-event:${first.key}"]`);
  await bar.hover();
  // The timeline's own tooltip: the profile has other charts (the laboratory trend) with theirs.
  const tooltip = page.locator("figure", { hasText: "Timeline in study days" }).locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText(first.term);
  await expect(tooltip).toContainText(`${first.start} (day ${first.startDay})`);
  await bar.click();
  // An exact filter (`=` + key), so that AE1 does not also open AE10.
  await expect(page).toHaveURL(new RegExp(`ae_f_key=%3D${first.key}(&|#|$)`));
  await expect(aeTable.locator("tbody tr")).toHaveCount(1);
  // The event's key is its first cell after the Review column (docs/review.md).
  await expect(aeTable.locator("tbody tr td").nth(1)).toHaveText(first.key);

  // The whole view survives a reload: the list's order, the filtered table, the open data table.
  await page.reload();
  await profileShown(page, subject.id);
  await expect(aeTable.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Hide data table" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Next subject/ })).toHaveText(`Next subject: ${order[at + 1].id}`);

  // Next follows the list's order, and the way back returns to the list as it was left.
  await nav.getByRole("link", { name: /^Next subject/ }).click();
  await profileShown(page, order[at + 1].id);
  await expectHeader(page, order[at + 1]);
  await expect(nav.getByRole("link", { name: /^Previous subject/ })).toHaveText(`Previous subject: ${subject.id}`);
  await nav.getByRole("link", { name: "Back to the subject list" }).click();
  await expect(header(page, "Birth year")).toHaveAttribute("aria-sort", "descending");
  expect((await cells(listTable(page))).map((row) => row[1])).toEqual(order.map((s) => s.id));
  expect(problems).toEqual([]);
});

test("under a study filter, previous and next walk only the subjects it keeps, and keep it", async ({
  page,
  request,
}) => {
  // The Group's women, in the Group's order (the list's order when it is not sorted).
  const women = (await expectedSubjects(request, "ONC-101")).filter((s) => s.header.sex === "Female").map((s) => s.id);
  expect(women.length, "ONC-101 has three women at least").toBeGreaterThan(2);
  await signIn(page);
  await openStudy(page, "ONC-101");
  await page.goto(`${new URL(page.url()).pathname}/subjects/${encodeURIComponent(women[1])}?only_sex=Female`);
  await profileShown(page, women[1]);
  const nav = page.getByRole("navigation", { name: "Subjects" });
  await expect(nav.getByRole("link", { name: /^Previous subject/ })).toHaveText(`Previous subject: ${women[0]}`);
  const next = nav.getByRole("link", { name: /^Next subject/ });
  await expect(next).toHaveText(`Next subject: ${women[2]}`);
  await expect(nav).toContainText(`Subject 2 of ${women.length}`);
  await expect(nav).toContainText("among the subjects the study filter keeps");
  await next.click();
  await profileShown(page, women[2]);
  await expect(page).toHaveURL(/only_sex=Female/);
  await expect(nav.getByRole("link", { name: /^Previous subject/ })).toHaveText(`Previous subject: ${women[1]}`);
});

/** A response's words as the partner signs them, and its code on the timeline (`Non-CR/Non-PD` is NN). */
const WORDS = Object.fromEntries(Object.entries(SIGNED).map(([words, bor]) => [bor, words])) as Record<Bor, string>;
const code = (bor: Bor) => (bor === "Non-CR/Non-PD" ? "NN" : bor);
/** A signed conclusion's code on the timeline: `Undefined` is the baseline's (BL), another text `?`. */
const signedCode = (conclusion: string) =>
  conclusion.toLowerCase() === "undefined" ? "BL" : SIGNED[conclusion] ? code(SIGNED[conclusion]) : "?";

test("the timeline marks each assessment whose conclusion as signed differs from the recomputed response", async ({
  page,
  request,
}) => {
  // Follow-ups recomputed by the rules; a conclusion that reads as no response counts NE.
  const subjects = await expectedResponse(request, "ONC-101");
  const followUps = (assessments: Assessment[]) => assessments.filter((a) => a.overall !== null);
  const differs = (a: Assessment) => (SIGNED[a.conclusion] ?? "NE") !== a.overall;
  const subject = subjects.find((s) => followUps(s.assessments).some(differs));
  expect(subject, "a subject of ONC-101 has a conclusion signed other than the rules give").toBeTruthy();
  const { id, assessments } = subject!;
  await signIn(page);
  await openStudy(page, "ONC-101");
  await page.goto(`${new URL(page.url()).pathname}/subjects/${encodeURIComponent(id)}`);
  await profileShown(page, id);
  await expect(page.getByText("A ringed response assessment labelled like PR≠SD")).toBeVisible();

  // The data table says it in words, the marker by a ring and its label: signed code ≠ recomputed code.
  const rows = new Map((await timelineTable(page)).map((r) => [r.record, r]));
  const baseline = assessments.find((a) => a.timepoint === 0)!;
  expect(rows.get(baseline.key)).toMatchObject({ label: "BL", check: "none: the baseline has no response" });
  for (const a of followUps(assessments)) {
    const signed = signedCode(a.conclusion);
    const recomputed = a.overall as Bor;
    const marker = page.locator(`[data-item="assessment:${a.key}"]`);
    if (differs(a)) {
      expect(rows.get(a.key), a.key).toMatchObject({
        label: `${signed}≠${code(recomputed)}`,
        check: `≠ recomputed: ${WORDS[recomputed]}`,
      });
      await expect(marker).toHaveAttribute("data-differs", "true");
    } else {
      expect(rows.get(a.key), a.key).toMatchObject({ label: signed, check: "= same" });
      await expect(marker).not.toHaveAttribute("data-differs");
    }
  }

  // The tooltip gives the recomputed response beside the conclusion as signed.
  const first = followUps(assessments).find(differs)!;
  // Its shape, as a reader points at it: the marker's box also spans the label beside it, whose middle is blank.
  await page.locator(`[data-item="assessment:${first.key}"] .recharts-symbols`).hover();
  const tooltip = page.locator("figure", { hasText: "Timeline in study days" }).locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText("Recomputed (RECIST 1.1)");
  await expect(tooltip).toContainText(`${WORDS[first.overall as Bor]} (≠ differs from the conclusion as signed)`);
});

test("a study without imaging shows no response content on a profile", async ({ page }) => {
  await signIn(page);
  const [id] = await sortedList(page, "CARD-201");
  await listTable(page).getByRole("link", { name: id, exact: true }).click();
  await profileShown(page, id);
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Adverse events" })).toBeVisible();
  const section = page.locator("section", { has: page.getByRole("heading", { level: 2 }) });
  await expect(section.getByText(/response/i)).toHaveCount(0);
  await expect(page.locator('[data-item^="assessment:"]')).toHaveCount(0);
});

test("a subject ID that is not in the study: a plain answer, nothing of it run", async ({ page }) => {
  page.on("dialog", () => {
    throw new Error("a dialog opened: the subject ID was run as script");
  });
  await signIn(page);
  await openStudy(page, "ONC-101");
  const id = '<img src=x onerror="alert(1)">';
  await page.goto(`${new URL(page.url()).pathname}/subjects/${encodeURIComponent(id)}`);
  const alert = page.getByRole("alert").filter({ hasText: "was not found" });
  await expect(alert).toContainText(`Subject “${id}” was not found in study ONC-101`);
  await expect(alert.getByRole("link", { name: "Back to the subject list" })).toBeVisible();
  await expect(page.locator("img[src=x]")).toHaveCount(0);
});

/** Content-Security-Policy violations and script errors seen by the page (the chart draws inline SVG). */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction("reportViolation", (v: string) => problems.push(`CSP violation: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective}`),
    );
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return problems;
}

/** The profile of a subject, once its data is there (the first visit loads the laboratory results). */
async function profileShown(page: Page, id: string) {
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`Subject ${id}`);
  await expect(page.locator("dl[aria-label=Subject]")).toBeVisible({ timeout: 60_000 });
}

async function expectHeader(page: Page, subject: ExpectedSubject) {
  const shown = await page
    .locator("dl[aria-label=Subject] dd")
    .evaluateAll((dds) => Object.fromEntries(dds.map((d) => [d.getAttribute("data-field"), d.textContent])));
  expect(shown).toEqual(subject.header);
  const summary = await page
    .locator('dl[aria-label="Subject summary"] dd')
    .evaluateAll((dds) => Object.fromEntries(dds.map((d) => [d.getAttribute("data-field"), d.textContent])));
  expect(summary).toMatchObject(subject.summary);
}

const sortByKey = <T extends { key: string }>(rows: T[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key));

/** The timeline chart's data table, opened and shown whole. */
async function timelineTable(page: Page) {
  const figure = page.locator("figure", { hasText: "Timeline in study days" });
  await figure.getByRole("button", { name: "Show data table" }).click();
  // The page size goes through the URL: wait until every row is on the one page before reading them (a table of ten
  // rows or fewer has them all, without a pager).
  const table = await everyRowShown(figure.getByRole("table", { name: /^Data of the chart/ }));
  const kind = (series: string, lane: string) =>
    series.startsWith("Grade")
      ? "adverse-event"
      : lane.startsWith("Med") || lane.startsWith("Study drug")
        ? "medication"
        : series === "Laboratory visit"
          ? "laboratory"
          : "assessment";
  return (await cells(table)).map(([lane, series, label, record, startDay, endDay, , from, to, check]) => ({
    kind: kind(series, lane),
    record,
    label,
    startDay,
    endDay,
    from,
    to,
    // The signed conclusion against the recomputed response (assessments of a study with them).
    check,
  }));
}

/**
 * The Data checks section in a browser, on the demo data the server creates with the default settings: every
 * deliberate imperfection docs/partner-service.md lists for ONC-101 and CARD-201 appears, with the values it gives, and
 * nothing else; a rule's count opens its findings, the filter lives in the URL, the CSV has the rows shown, and
 * each record opens where it is listed. Expectations come from that table and the rules' words written
 * out here, never from the portal's code.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ROOT } from "../../support/server";
import { openSection, recordCells, tableCells } from "../../support/study";

// The rules' titles (docs/clinical-rules.md, Data checks), and what each kind of imperfection must make them find.
const TITLE = {
  conclusion: "Signed conclusion differs from the recomputed response",
  sum: "Reported target sum differs from its targets",
  changes: "Reported changes differ from the recomputed ones",
  interval: "Interval far longer than usual (missed follow-up)",
  aeEnd: "Adverse event ends before it starts",
  aeGrade: "Adverse event without a grade",
  lab: "Numeric laboratory result without a unit",
};
const RULES_OF_KIND: Record<string, string[]> = {
  assessment_conclusion_mismatch: [TITLE.conclusion],
  // Its changes were computed from the wrong sum.
  assessment_sum_mismatch: [TITLE.sum, TITLE.changes],
  assessment_missed_follow_up: [TITLE.interval],
  lab_missing_unit: [TITLE.lab],
  ae_end_before_start: [TITLE.aeEnd],
  ae_missing_grade: [TITLE.aeGrade],
};

interface Listed {
  kind: string;
  study: string;
  subject: string;
  record: string;
  look: string;
}

/** The table's rows `| kind | study | subject | record | what to look for |`. */
async function readmeRows(study: string): Promise<Listed[]> {
  const text = await readFile(join(ROOT, "docs/partner-service.md"), "utf8");
  return text
    .split("\n")
    .map((line) => line.split("|").map((cell) => cell.trim().replace(/^`|`$/g, "")))
    .filter((cells) => cells[1] in RULES_OF_KIND && cells[2] === study)
    .map(([, kind, s, subject, record, look]) => ({ kind, study: s, subject, record, look }));
}

const caption = (study: string) => `Findings of study ${study}`;
/** Columns of the findings table, after the reader's review of each (Your review, First found, Comments). */
const [RULE, SUBJECT, DATE, RECORD, OTHERS, FOUND, EXPECTED] = [3, 4, 5, 6, 7, 8, 9];

type Values = [date: string | null, found: string | null, startOfExpected: string | null];

/** How to read each kind's "what to look for", and the values it gives, by the finding's rule. */
const LOOK: Record<string, [RegExp, (m: string[], rule: string) => Values]> = {
  assessment_conclusion_mismatch: [
    /, (\S+): .* ([\d.]+) % under/,
    (m) => [m[1], 'signed "Partial Response"', `Stable Disease: targets SD (-${m[2]} % from baseline)`],
  ],
  assessment_sum_mismatch: [
    /, (\S+): reported ([\d.]+) mm, target lesions ([\d.]+) mm/,
    (m, rule) => (rule === TITLE.sum ? [m[1], `reported ${m[2]} mm`, `${m[3]} mm`] : [m[1], null, null]),
  ],
  assessment_missed_follow_up: [/, (\S+): (\d+ days after .+)$/, (m) => [m[1], m[2], "usually "]],
  lab_missing_unit: [
    /^(\S+) \(\S+\) ([\d.]+), (.+), (\S+)$/,
    (m) => [m[4], `${m[1]} ${m[2]} at ${m[3]}: no unit`, "a unit"],
  ],
  ae_end_before_start: [
    /^(.+), (\S+) to (\S+)$/,
    (m) => [m[2], `${m[1]}: ends ${m[3]}`, `an end on or after the start, ${m[2]}`],
  ],
  ae_missing_grade: [/^(.+), from (\S+)$/, (m) => [m[2], `${m[1]}: no grade`, "a CTCAE grade from 1 to 5"]],
};

/** The values the table's "what to look for" gives, as [date, found, start of expected] where it gives them. */
function values(r: Listed, rule: string): Values {
  const [shape, read] = LOOK[r.kind];
  const m = shape.exec(r.look);
  if (!m) throw new Error(`the table's "${r.look}" has an unexpected shape`);
  return read([...m], rule);
}

for (const study of ["ONC-101", "CARD-201"]) {
  test(`every imperfection of ${study} the documented list has appears, with its values, nothing else`, async ({
    page,
  }) => {
    const listed = await readmeRows(study);
    expect(listed.length).toBeGreaterThan(0);
    await openSection(page, study, "Data checks");
    await expect(page.getByRole("table", { name: caption(study) })).toBeVisible();
    const rows = await tableCells(page, caption(study));
    const expected = listed.flatMap((r) => RULES_OF_KIND[r.kind].map((rule) => ({ r, rule })));
    expect(rows.map((c) => [c[RULE], c[SUBJECT], c[RECORD]].join(" ")).sort()).toEqual(
      expected.map(({ r, rule }) => [rule, r.subject, r.record].join(" ")).sort(),
    );
    for (const { r, rule } of expected) {
      const row = rows.find((c) => c[RULE] === rule && c[RECORD] === r.record)!;
      const [date, found, startOfExpected] = values(r, rule);
      expect(row[DATE], r.record).toBe(date);
      if (found !== null) expect(row[FOUND], r.record).toBe(found);
      if (startOfExpected !== null) expect(row[EXPECTED].startsWith(startOfExpected), row[EXPECTED]).toBe(true);
      if (r.kind === "assessment_missed_follow_up") expect(row[OTHERS]).toMatch(/^A-\d+$/);
    }
    await expect(page.getByRole("heading", { name: `Findings (${expected.length})` })).toBeVisible();
    // The rules that cannot apply (the eight RECIST 1.1 rules: CARD-201 sends no response assessments) in one line,
    // not a row each.
    const recist = page.getByText(/^8 checks do not apply: study CARD-201 sends no response assessments/);
    const rules = page.getByRole("table", { name: /^Findings per rule/ });
    if (study === "CARD-201") {
      await expect(recist).toHaveCount(1);
      await expect(recist).toContainText(TITLE.conclusion);
      await expect(rules.getByRole("row", { name: TITLE.conclusion })).toHaveCount(0);
      await expect(rules.getByText("does not apply")).toHaveCount(0);
    } else {
      await expect(page.getByText(/checks? do(es)? not apply/)).toHaveCount(0);
      await expect(rules.getByRole("row", { name: TITLE.conclusion })).toHaveCount(1);
    }
  });
}

/** The findings-per-rule table's count of a rule (its first link; the second is its count of subjects). */
const countOf = (page: Page, rule: string) =>
  page
    .getByRole("table", { name: /^Findings per rule/ })
    .getByRole("row", { name: rule })
    .getByRole("link")
    .first();

test("a rule's count opens its findings, in the URL across a reload; the CSV has the rows shown", async ({ page }) => {
  const grades = (await readmeRows("ONC-101")).filter((r) => r.kind === "ae_missing_grade");
  await openSection(page, "ONC-101", "Data checks");
  await expect(countOf(page, TITLE.aeGrade)).toHaveText(String(grades.length));
  await countOf(page, TITLE.aeGrade).click();
  await expect(page).toHaveURL(/[?&]rule=ae-no-grade/);
  const shown = async () => {
    const name = `${caption("ONC-101")}: rule "${TITLE.aeGrade}"`;
    await expect(page.getByRole("table", { name })).toBeVisible();
    const rows = await tableCells(page, name);
    // In subject order.
    const bySubject = [...grades].sort((a, b) => (a.subject < b.subject ? -1 : 1));
    expect(rows.map((c) => [c[RULE], c[SUBJECT], c[RECORD]])).toEqual(
      bySubject.map((r) => [TITLE.aeGrade, r.subject, r.record]),
    );
    return rows;
  };
  await shown();
  await page.reload();
  await expect(page.getByLabel("Rule", { exact: true })).toHaveValue("ae-no-grade");
  const rows = await shown();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page
      .getByRole("group", { name: /^Export Findings of study ONC-101/ })
      .getByRole("button", { name: "Download CSV" })
      .click(),
  ]);
  // Written by the server (docs/exports.md): study, view and the data's date.
  expect(download.suggestedFilename()).toMatch(/^ONC-101_data-checks_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  // Text is quoted (quotes doubled), empty cells are empty (lib/export/csv.ts); no cell here needs defusing.
  const review = ["Your review", "First found", "Comments"];
  const header = [...review, "Rule", "Subject", "Date", "Record", "Other records", "Found", "Expected"];
  const field = (c: string) => (c === "" ? "" : `"${c.replaceAll('"', '""')}"`);
  expect(csv).toBe([header, ...rows].map((r) => `${r.map(field).join(",")}\r\n`).join(""));
});

test("each record opens where it is listed: the event, the laboratory result, the assessment", async ({ page }) => {
  const listed = await readmeRows("ONC-101");
  const pick = (kind: string) => listed.find((r) => r.kind === kind)!;
  await openSection(page, "ONC-101", "Data checks");
  const table = page.getByRole("table", { name: caption("ONC-101") });
  const open = async (r: Listed) => {
    await table.getByRole("link", { name: r.record, exact: true }).click();
  };
  /** The rows of a table once it is shown, by its caption. */
  const rowsOf = async (name: string) => {
    await expect(page.getByRole("table", { name })).toBeVisible();
    return tableCells(page, name);
  };

  const ae = pick("ae_end_before_start");
  await open(ae);
  await expect(page).toHaveURL(/\/adverse-events\?/);
  const events = await rowsOf("Adverse events of study ONC-101");
  expect(events.map((c) => c.at(-1))).toEqual([ae.record]);

  await page.goBack();
  const lab = pick("lab_missing_unit");
  await open(lab);
  await expect(page).toHaveURL(/\/laboratory\?issue=no-unit/);
  const results = await recordCells(page, "Numeric results without a unit: laboratory results of study ONC-101");
  expect(results.map((c) => c[0])).toEqual([lab.subject]);

  await page.goBack();
  const missed = pick("assessment_missed_follow_up");
  await open(missed);
  await expect(page).toHaveURL(new RegExp(`/tumour-response/subjects/${missed.subject}\\?`));
  // A table of records: its own cells, its Review column checked and left out (docs/review.md).
  const assessments = await recordCells(page, `Response assessments of subject ${missed.subject}`);
  expect(assessments.map((c) => c[0])).toEqual([missed.record]);
});

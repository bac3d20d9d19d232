/**
 * No subject is left out of a tumour-response plot unsaid: the waterfall's data note counts the subjects without a
 * bar by reason (docs/clinical-rules.md, Evaluable subjects, the words written out here), each count opening the
 * summary's list of exactly those subjects. The expectations come from the partner API's records
 * (./waterfall.expected.ts) and the study's subjects in the server's database.
 */
import { expect, test } from "@playwright/test";
import { signIn } from "../../support/portal";
import { subjectCount } from "../../support/server";
import { openStudy, tableCells } from "../../support/study";
import { expectedWaterfall, type WaterfallSubject } from "./waterfall.expected";

/** Not a reason to be left out: the group of evaluable subjects with no target sum, listed apart. */
const NON_TARGET_ONLY = "non-target only";

/**
 * Why a subject of the API's records has no bar, in the note's words (evaluable subjects with a known best: none);
 * an evaluable subject with non-target disease only has no target sum, so no bar (docs/clinical-rules.md, Tumour
 * response plots).
 */
function reasonOf(s: WaterfallSubject): [words: string, reason: string] | null {
  if (s.days === null) return ["without a baseline", "no baseline"];
  if (s.nonTargetOnly && s.evaluable)
    return ["evaluable with non-target disease only (no target sum)", NON_TARGET_ONLY];
  if (s.noLesion) return ["without a lesion at baseline", "no lesion at baseline"];
  if (s.baselineSum === null && !s.nonTargetOnly) return ["whose baseline sum is unknown", "baseline sum unknown"];
  if (s.baselineSum === 0) return ["with a baseline sum of 0", "baseline sum 0"];
  if (!s.evaluable) return ["without a post-baseline assessment", "no post-baseline assessment"];
  return null;
}

test("the waterfall's note counts the subjects without a bar by reason; a count opens them on the summary", async ({
  page,
  request,
}) => {
  const { subjects } = await expectedWaterfall(request);
  // Subjects of the study with no assessment at all have no baseline either.
  const total = subjectCount("ONC-101");
  const withoutAssessment = total - subjects.length;
  const bars = subjects.filter((s) => s.evaluable && s.best !== null).length;
  const byReason = new Map<string, { reason: string; ids: string[] }>();
  for (const s of subjects) {
    const r = reasonOf(s);
    if (!r) continue;
    const group = byReason.get(r[0]) ?? { reason: r[1], ids: [] };
    group.ids.push(s.subject);
    byReason.set(r[0], group);
  }
  expect(withoutAssessment).toBe(0);
  // The demo data's ONC-101 has five subjects without a bar, one without a post-baseline assessment and four with
  // non-target disease only (./tumour-response-plots.spec.ts): the note must say so.
  expect(total - bars).toBeGreaterThan(0);

  await signIn(page);
  await openStudy(page, "ONC-101");
  await page.goto(`${new URL(page.url()).pathname}/tumour-response/waterfall`);
  const notes = page.getByRole("region", { name: "Data notes" });
  const order = [
    "without a baseline",
    "without a lesion at baseline",
    "whose baseline sum is unknown",
    "with a baseline sum of 0",
    "without a post-baseline assessment",
    "evaluable with non-target disease only (no target sum)",
  ];
  const groups = [...byReason.entries()].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  const parts = groups.map(([words, g]) => `${g.ids.length} ${words}`);
  await expect(notes.getByRole("listitem").filter({ hasText: /^Showing / })).toHaveText(
    `Showing ${bars} of ${total} subjects: ${parts.join(", ")}.`,
  );

  const [words, first] = groups[0];
  await notes.getByRole("link", { name: `${first.ids.length} ${words}` }).click();
  await expect(page).toHaveURL(/\/tumour-response\?lo_f_reason=%3D/);
  const caption = /^Subjects left out of N, with the reason/;
  await expect(page.getByRole("table", { name: caption })).toBeVisible();
  const name = (await page.getByRole("table", { name: caption }).locator("caption").textContent()) as string;
  const rows = await tableCells(page, name);
  expect(rows.map((r) => [r[0], r[1]])).toEqual(first.ids.map((id) => [id, first.reason]));
});

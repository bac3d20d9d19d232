import { describe, expect, it } from "vitest";
import {
  type LesionReading,
  nonTargetResponse,
  overallResponse,
  RESPONSE_LABEL,
  targetResponse,
  targetSum,
} from "./recist-rules";
import {
  type AssessmentRow,
  assessments,
  daysBetween,
  generate,
  imperfectKeys,
  type LesionRow,
  latestByCase,
  lesionsByRow,
} from "./test-fixture";
import { nonTargetOnlyBaseline, tableTwoConclusion } from "./test-table-two";

const reading = (l: LesionRow): LesionReading => ({ state: l.state, isNode: l.is_node === 1, value: l.value });
const r1 = (x: number) => Math.round(x * 10) / 10;

describe("RECIST content of the demo data", () => {
  const { db } = generate();
  const rows = assessments(db);
  const byRow = lesionsByRow(db);
  const latest = latestByCase(rows);
  const served = rows.filter((r) => r.vis_seq !== null);
  const flawed = new Set([
    ...imperfectKeys(db, "assessment_conclusion_mismatch"),
    ...imperfectKeys(db, "assessment_sum_mismatch"),
  ]);
  const series = (r: AssessmentRow) => latest.get(r.case_id) as AssessmentRow[];
  const targetsOf = (r: AssessmentRow) => (byRow.get(r.row_id) ?? []).filter((l) => l.category === "Target");
  /** A subject with non-target disease only: no target at its baseline. */
  const noTargets = (r: AssessmentRow) => targetsOf(series(r)[0]).length === 0;

  it("served assessments add up: sum, changes and conclusion follow from the lesions", () => {
    let checked = 0;
    for (const r of served.filter((x) => !flawed.has(x.assessment_id))) {
      const ls = byRow.get(r.row_id) ?? [];
      const targets = targetsOf(r).map(reading);
      expect(r.current_value, r.assessment_id).toBe(targetSum(targets));
      const s = series(r);
      const prior = s
        .slice(0, s.indexOf(r))
        .map((p) => p.current_value)
        .filter((v): v is number => v !== null);
      if (r.timepoint === 0) {
        expect([r.change_baseline, r.change_previous, r.change_nadir, r.conclusion]).toEqual([
          null,
          null,
          null,
          "Undefined",
        ]);
        continue;
      }
      if (noTargets(r)) {
        // No target sum at all (docs/partner-service.md, DiagnosticReport); the conclusion is Table 2's.
        expect([r.current_value, r.change_baseline, r.change_previous, r.change_nadir]).toEqual([
          null,
          null,
          null,
          null,
        ]);
        expect(r.conclusion, r.assessment_id).toBe(tableTwoConclusion(ls));
        checked++;
        continue;
      }
      const baseline = s[0].current_value as number;
      const nadir = Math.min(...prior);
      const cur = r.current_value;
      expect(r.change_baseline).toBe(cur === null ? null : r1(cur - baseline));
      expect(r.change_previous).toBe(cur === null ? null : r1(cur - prior[prior.length - 1]));
      expect(r.change_nadir).toBe(cur === null ? null : r1(cur - nadir));
      const t = targetResponse({ baselineSum: baseline, nadirSum: nadir, currentSum: cur, targets });
      const nt = nonTargetResponse(ls.filter((l) => l.category === "Non-target").map(reading));
      expect(r.conclusion, r.assessment_id).toBe(
        RESPONSE_LABEL[
          overallResponse(
            t,
            nt,
            ls.some((l) => l.category === "New lesion"),
          )
        ],
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("lesion changes are mm differences against the same label at baseline, previous and nadir", () => {
    for (const r of served) {
      const s = series(r);
      const before = s.slice(0, s.indexOf(r));
      for (const l of byRow.get(r.row_id) ?? []) {
        const earlier = before.map((p) => (byRow.get(p.row_id) ?? []).find((x) => x.label === l.label)?.value ?? null);
        const known = earlier.filter((v): v is number => v !== null);
        if (l.value === null || r.timepoint === 0 || known.length === 0) {
          expect([l.change_baseline, l.change_previous, l.change_nadir]).toEqual([null, null, null]);
          continue;
        }
        expect(l.change_baseline).toBe(earlier[0] === null ? null : r1(l.value - earlier[0]));
        expect(l.change_previous).toBe(r1(l.value - known[known.length - 1]));
        expect(l.change_nadir).toBe(r1(l.value - Math.min(...known)));
      }
    }
  });

  it("baseline targets follow the selection rules", () => {
    let nodalNonTargets = 0;
    for (const r of rows.filter((x) => x.timepoint === 0)) {
      const ls = byRow.get(r.row_id) ?? [];
      const targets = ls.filter((l) => l.category === "Target");
      if (targets.length === 0) {
        expect(nonTargetOnlyBaseline(ls), r.assessment_id).toBe(true);
        expect(r.current_value).toBeNull();
        continue;
      }
      expect(targets.length).toBeLessThanOrEqual(5);
      const perOrgan = new Map<string, number>();
      for (const t of targets) perOrgan.set(t.organ, (perOrgan.get(t.organ) ?? 0) + 1);
      expect(Math.max(...perOrgan.values())).toBeLessThanOrEqual(2);
      for (const t of targets) {
        expect(t.state).toBe("Defined");
        expect(t.value).toBeGreaterThanOrEqual(t.is_node ? 15 : 10);
        expect(t.is_node === 1).toBe(t.organ === "Lymph node");
      }
      for (const nt of ls.filter((l) => l.category === "Non-target" && l.is_node === 1)) {
        expect(nt.value).toBeGreaterThanOrEqual(10);
        expect(nt.value).toBeLessThan(15);
        nodalNonTargets++;
      }
      expect(ls.some((l) => l.category === "New lesion")).toBe(false);
    }
    expect(nodalNonTargets).toBeGreaterThan(0);
  });

  it("covers every trajectory the portal must show", () => {
    const withLesions = served
      .filter((r) => !flawed.has(r.assessment_id))
      .map((r) => ({ r, ls: byRow.get(r.row_id) ?? [] }));
    const pd = withLesions.filter(({ r }) => r.conclusion === "Progressive Disease");
    const base = (r: AssessmentRow) => series(r)[0].current_value as number;
    const nadirBefore = (r: AssessmentRow) =>
      Math.min(
        ...series(r)
          .slice(0, series(r).indexOf(r))
          .map((p) => p.current_value)
          .filter((v): v is number => v !== null),
      );
    const found = {
      partialResponse: withLesions.some(
        ({ r }) => r.conclusion === "Partial Response" && (r.current_value as number) <= 0.7 * base(r),
      ),
      completeResponseZero: withLesions.some(({ r }) => r.conclusion === "Complete Response" && r.current_value === 0),
      completeResponseWithNode: withLesions.some(
        ({ r, ls }) =>
          r.conclusion === "Complete Response" &&
          (r.current_value as number) > 0 &&
          ls.some((l) => l.category === "Target" && l.is_node === 1 && (l.value as number) < 10),
      ),
      stableDisease: withLesions.some(({ r }) => r.conclusion === "Stable Disease"),
      pdTargetGrowth: pd.some(
        ({ r, ls }) =>
          r.current_value !== null &&
          r.current_value >= 1.2 * nadirBefore(r) &&
          r.current_value - nadirBefore(r) >= 5 &&
          !ls.some((l) => l.category === "New lesion" || l.state === "Uneqv. prog."),
      ),
      pdNewLesion: pd.some(({ ls }) => ls.some((l) => l.category === "New lesion")),
      pdNonTarget: pd.some(({ ls }) => ls.some((l) => l.state === "Uneqv. prog.")),
      disappeared: withLesions.some(({ ls }) =>
        ls.some((l) => l.category === "Target" && l.state === "Disappeared" && l.value === 0),
      ),
      tooSmall: withLesions.some(({ ls }) => ls.some((l) => l.category === "Target" && l.state === "Too small")),
      nodalTarget: withLesions.some(({ ls }) => ls.some((l) => l.category === "Target" && l.is_node === 1)),
      notEvaluable: withLesions.some(
        ({ r, ls }) =>
          r.conclusion === "Not Evaluable" &&
          r.current_value === null &&
          ls.some((l) => l.category === "Target" && (l.state === "Not assessed" || l.state === "Not evaluable")),
      ),
    };
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, true])));
  });

  it("covers non-target disease only in every cell of Table 2, and a target back after a complete response", () => {
    const followUps = served.filter((r) => r.timepoint > 0).map((r) => ({ r, ls: byRow.get(r.row_id) ?? [] }));
    const nonTargetOnly = followUps.filter(({ r }) => noTargets(r));
    const nts = (ls: LesionRow[]) => ls.filter((l) => l.category === "Non-target");
    const gone = (l: LesionRow) => l.state === "Disappeared" || (l.is_node === 1 && (l.value as number) < 10);
    const previous = (r: AssessmentRow) => series(r)[series(r).indexOf(r) - 1];
    const found = {
      completeResponse: nonTargetOnly.some(
        ({ r, ls }) => r.conclusion === "Complete Response" && nts(ls).length > 0 && nts(ls).every(gone),
      ),
      nonCrNonPd: nonTargetOnly.some(({ r, ls }) => r.conclusion === "Non-CR/Non-PD" && !nts(ls).every(gone)),
      notEvaluable: nonTargetOnly.some(
        ({ r, ls }) =>
          r.conclusion === "Not Evaluable" &&
          nts(ls).some((l) => l.state === "Not assessed" || l.state === "Not evaluable"),
      ),
      progression: nonTargetOnly.some(
        ({ r, ls }) =>
          r.conclusion === "Progressive Disease" &&
          ls.some((l) => l.category === "New lesion" || l.state === "Uneqv. prog."),
      ),
      // CR at 0 mm, then a target that had disappeared measured again: over a nadir of 0 mm, +5 mm is PD.
      targetReappears: followUps.some(
        ({ r, ls }) =>
          r.conclusion === "Progressive Disease" &&
          previous(r).conclusion === "Complete Response" &&
          previous(r).current_value === 0 &&
          (r.current_value as number) >= 5 &&
          ls.some(
            (l) =>
              l.category === "Target" &&
              l.state === "Present" &&
              (byRow.get(previous(r).row_id) ?? []).some((p) => p.label === l.label && p.state === "Disappeared"),
          ),
      ),
    };
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, true])));
  });

  it("assessment stops after progression, names and timepoints run in order", () => {
    for (const s of latest.values()) {
      s.forEach((r, i) => {
        expect(r.timepoint).toBe(i);
        expect(r.name).toBe(i === 0 ? "Baseline" : `Follow-up ${i}`);
        if (r.conclusion === "Progressive Disease") expect(i).toBe(s.length - 1);
      });
    }
  });

  it("follow-ups come every 6 to 9 weeks, except after a recorded missed scan", () => {
    const gaps = imperfectKeys(db, "assessment_missed_follow_up");
    for (const s of latest.values()) {
      for (let i = 1; i < s.length; i++) {
        const days = daysBetween(s[i - 1].effective_at, s[i].effective_at);
        if (gaps.has(s[i].assessment_id)) expect(days).toBeGreaterThanOrEqual(76);
        else {
          expect(days, s[i].assessment_id).toBeGreaterThanOrEqual(30);
          expect(days, s[i].assessment_id).toBeLessThanOrEqual(72);
        }
      }
    }
  });

  it("one case per subject; assessment IDs unique per assessment and shaped A-nnnnnn", () => {
    const caseOf = new Map<string, Set<number>>();
    for (const r of rows) caseOf.set(r.subject_id, new Set([...(caseOf.get(r.subject_id) ?? []), r.case_id]));
    expect([...caseOf.values()].every((c) => c.size === 1)).toBe(true);
    expect(new Set([...caseOf.values()].map((c) => [...c][0])).size).toBe(caseOf.size);
    expect(rows.every((r) => /^A-\d{6}$/.test(r.assessment_id))).toBe(true);
    const owner = new Map<string, string>();
    for (const r of rows) {
      expect(owner.get(r.assessment_id) ?? `${r.case_id}/${r.timepoint}`).toBe(`${r.case_id}/${r.timepoint}`);
      owner.set(r.assessment_id, `${r.case_id}/${r.timepoint}`);
    }
    expect(
      rows.every((r) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(r.revision_date) && r.revision_date >= r.effective_at),
    ).toBe(true);
  });
});

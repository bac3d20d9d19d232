import { describe, expect, it } from "vitest";
import { inPopulation, populationOf } from "./population";
import { studyResponse, subjectResponses } from "./study-response";
import { responseRecords } from "./subject-records";
import type { NotEvaluable, SubjectResponse } from "./subject-response";
import { assessmentRow } from "./test-rows";
import type { Response } from "./timepoint";

/** A subject as the study counts it: its reason to be left out, or its BOR as signed and recomputed. */
const s = (
  subjectId: string,
  recomputed: Response,
  signed: Response = recomputed,
  reason: NotEvaluable | null = null,
) => ({ subjectId, notEvaluable: reason, recomputed: { bor: recomputed }, signed: { bor: signed } }) as SubjectResponse;

const repeat = (n: number, prefix: string, bor: Response) =>
  Array.from({ length: n }, (_, i) => s(`${prefix}${i}`, bor));

describe("studyResponse", () => {
  // 20 evaluable: recomputed CR 1, PR 4, SD 7 (one signed PR), PD 6 (one signed SD), NE 2; 3 left out.
  const subjects = [
    ...repeat(1, "cr", "CR"),
    ...repeat(4, "pr", "PR"),
    ...repeat(6, "sd", "SD"),
    s("sd-signed-pr", "SD", "PR"),
    ...repeat(5, "pd", "PD"),
    s("pd-signed-sd", "PD", "SD"),
    ...repeat(2, "ne", "NE"),
    s("x1", "NE", "NE", "no baseline"),
    s("x2", "NE", "NE", "baseline sum 0"),
    s("x3", "NE", "NE", "no baseline"),
  ];
  const study = studyResponse(subjects);

  it("counts the evaluable subjects and lists who is left out and why", () => {
    expect(study.evaluable).toBe(20);
    expect(study.leftOut).toEqual([
      { subjectId: "x1", reason: "no baseline" },
      { subjectId: "x2", reason: "baseline sum 0" },
      { subjectId: "x3", reason: "no baseline" },
    ]);
    expect(Object.fromEntries(study.leftOutByReason)).toEqual({ "no baseline": 2, "baseline sum 0": 1 });
  });

  it("recomputed: ORR 5/20 = 25.0 % (0.0866-0.4910), DCR 12/20 = 60.0 % (0.3605-0.8088)", () => {
    const r = study.recomputed;
    expect(r.counts).toEqual({ CR: 1, PR: 4, SD: 7, "Non-CR/Non-PD": 0, PD: 6, NE: 2 });
    expect([r.orr.n, r.orr.of, r.orr.percent]).toEqual([5, 20, 25]);
    expect(r.orr.interval!.lower).toBeCloseTo(0.0866, 4);
    expect(r.orr.interval!.upper).toBeCloseTo(0.491, 4);
    expect([r.dcr.n, r.dcr.of, r.dcr.percent]).toEqual([12, 20, 60]);
    expect(r.dcr.interval!.lower).toBeCloseTo(0.3605, 4);
    expect(r.dcr.interval!.upper).toBeCloseTo(0.8088, 4);
  });

  it("as signed: ORR 6/20 = 30.0 %, DCR 13/20 = 65.0 %; the two subjects that differ are named", () => {
    expect(study.signed.counts).toEqual({ CR: 1, PR: 5, SD: 7, "Non-CR/Non-PD": 0, PD: 5, NE: 2 });
    expect([study.signed.orr.n, study.signed.orr.percent]).toEqual([6, 30]);
    expect([study.signed.dcr.n, study.signed.dcr.percent]).toEqual([13, 65]);
    expect(study.differ).toEqual(["sd-signed-pr", "pd-signed-sd"]);
  });

  it("with no evaluable subject, no rate and no interval", () => {
    const none = studyResponse([s("x1", "NE", "NE", "no baseline")]);
    expect(none.evaluable).toBe(0);
    expect(none.recomputed.orr).toEqual({ n: 0, of: 0, percent: null, interval: null });
  });
});

describe("studyResponse with Non-CR/Non-PD and the intent-to-treat N", () => {
  const NN = "Non-CR/Non-PD";
  // 10 evaluable: CR 1, PR 2, SD 3, Non-CR/Non-PD 2 (non-target disease only), PD 2; left out: 2 without a
  // post-baseline assessment (their BOR NE: no assessment counts) and 1 without a baseline.
  const subjects = [
    ...repeat(1, "cr", "CR"),
    ...repeat(2, "pr", "PR"),
    ...repeat(3, "sd", "SD"),
    ...repeat(2, "nn", NN),
    ...repeat(2, "pd", "PD"),
    s("nf1", "NE", "NE", "no post-baseline assessment"),
    s("nf2", "NE", "NE", "no post-baseline assessment"),
    s("nb", "NE", "NE", "no baseline"),
  ];

  it("evaluable N = 10: ORR (CR + PR) 3/10 = 30.0 %, 6.67-65.25 %; DCR counts Non-CR/Non-PD: 8/10 = 80.0 %", () => {
    const study = studyResponse(subjects);
    expect([study.population, study.n, study.evaluable, study.itt]).toEqual(["evaluable", 10, 10, 12]);
    const r = study.recomputed;
    expect(r.counts).toEqual({ CR: 1, PR: 2, SD: 3, [NN]: 2, PD: 2, NE: 0 });
    // Exact 95 % bounds (the binomial tails: P(X >= 3 | 10, p) = 0.025 at p = 0.0667, P(X <= 3) = 0.025 at 0.6525).
    expect([r.orr.n, r.orr.of, r.orr.percent]).toEqual([3, 10, 30]);
    expect(r.orr.interval!.lower).toBeCloseTo(0.0667, 4);
    expect(r.orr.interval!.upper).toBeCloseTo(0.6525, 4);
    // DCR: 1 + 2 + 3 + 2 = 8 of 10; bounds 0.4439 and 0.9748 by the same tails.
    expect([r.dcr.n, r.dcr.of, r.dcr.percent]).toEqual([8, 10, 80]);
    expect(r.dcr.interval!.lower).toBeCloseTo(0.4439, 4);
    expect(r.dcr.interval!.upper).toBeCloseTo(0.9748, 4);
    expect(study.leftOut.map((x) => x.subjectId)).toEqual(["nf1", "nf2", "nb"]);
  });

  it("intent to treat N = 12: the 2 without a post-baseline assessment count NE; ORR 3/12, DCR 8/12", () => {
    const study = studyResponse(subjects, "itt");
    expect([study.population, study.n, study.evaluable, study.itt]).toEqual(["itt", 12, 10, 12]);
    const r = study.recomputed;
    expect(r.counts).toEqual({ CR: 1, PR: 2, SD: 3, [NN]: 2, PD: 2, NE: 2 });
    // 3/12 = 25.0 %, exact 0.0549-0.5719; 8/12 = 66.666... = 66.7 %, exact 0.3489-0.9008.
    expect([r.orr.n, r.orr.of, r.orr.percent]).toEqual([3, 12, 25]);
    expect(r.orr.interval!.lower).toBeCloseTo(0.0549, 4);
    expect(r.orr.interval!.upper).toBeCloseTo(0.5719, 4);
    expect([r.dcr.n, r.dcr.of, r.dcr.percent]).toEqual([8, 12, 66.7]);
    expect(r.dcr.interval!.lower).toBeCloseTo(0.3489, 4);
    expect(r.dcr.interval!.upper).toBeCloseTo(0.9008, 4);
    // Only the subject without a baseline is left out of N.
    expect(study.leftOut).toEqual([{ subjectId: "nb", reason: "no baseline" }]);
  });

  it("closed-form bounds at the edges: 0 of 4 is 0-60.24 % (1 - 0.025^(1/4)); 4 of 4 is 39.76-100 %", () => {
    const study = studyResponse([...repeat(4, "pd", "PD")]);
    expect(study.recomputed.orr.interval!.lower).toBe(0);
    expect(study.recomputed.orr.interval!.upper).toBeCloseTo(1 - 0.025 ** 0.25, 6);
    const all = studyResponse([...repeat(4, "sd", "SD")]);
    expect(all.recomputed.dcr.interval!.lower).toBeCloseTo(0.025 ** 0.25, 6);
    expect(all.recomputed.dcr.interval!.upper).toBe(1);
  });

  it.each([
    [null, "evaluable"],
    ["itt", "itt"],
    ["ITT", "evaluable"],
    ["all", "evaluable"],
  ])("population=%s reads as %s", (text, expected) => expect(populationOf(text)).toBe(expected));

  it.each([
    [null, "evaluable", true],
    [null, "itt", true],
    ["no post-baseline assessment", "evaluable", false],
    ["no post-baseline assessment", "itt", true],
    ["baseline sum unknown", "itt", false],
    ["no lesion at baseline", "itt", false],
    ["no baseline", "itt", false],
  ] as const)("a subject left out for %s: in the %s N: %s", (reason, population, expected) =>
    expect(inPopulation({ notEvaluable: reason }, population)).toBe(expected),
  );
});

describe("subjectResponses", () => {
  it("answers every subject of the records, in subject ID order, population included", () => {
    const records = responseRecords(
      [assessmentRow("A-2", "2024-01-01", { subjectId: "S2", timepoint: 0 })],
      [],
      ["S1"],
    );
    const list = subjectResponses(records, { confirm: false, minSdDays: 42 });
    // S1 has no assessment; S2's baseline has no lesion at all.
    expect(list.map((r) => [r.subjectId, r.notEvaluable])).toEqual([
      ["S1", "no baseline"],
      ["S2", "no lesion at baseline"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
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
    expect(r.counts).toEqual({ CR: 1, PR: 4, SD: 7, PD: 6, NE: 2 });
    expect([r.orr.n, r.orr.of, r.orr.percent]).toEqual([5, 20, 25]);
    expect(r.orr.interval!.lower).toBeCloseTo(0.0866, 4);
    expect(r.orr.interval!.upper).toBeCloseTo(0.491, 4);
    expect([r.dcr.n, r.dcr.of, r.dcr.percent]).toEqual([12, 20, 60]);
    expect(r.dcr.interval!.lower).toBeCloseTo(0.3605, 4);
    expect(r.dcr.interval!.upper).toBeCloseTo(0.8088, 4);
  });

  it("as signed: ORR 6/20 = 30.0 %, DCR 13/20 = 65.0 %; the two subjects that differ are named", () => {
    expect(study.signed.counts).toEqual({ CR: 1, PR: 5, SD: 7, PD: 5, NE: 2 });
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
      ["S2", "no target lesion at baseline"],
    ]);
  });
});

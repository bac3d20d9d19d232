import { describe, expect, it } from "vitest";
import type { Finding } from "@/lib/clinical/checks/finding";
import { findingRows } from "./tables";

const STUDY = "/studies/c1/ONC-101";
/** Assessments and lesions open the subject's response page, its assessment table filtered to one. */
const RESPONSE = `${STUDY}/tumour-response/subjects/101-0001`;

describe("the findings table's rows", () => {
  const finding = (records: Finding["records"]): Finding => ({
    rule: "baseline-selection",
    subjectId: "101-0001",
    date: "2023-05-01",
    records,
    found: "6 targets",
    expected: "at most 5 targets",
  });

  it("link the main record, and the others where they all are", () => {
    const lesion = (key: string) => ({ kind: "lesion" as const, key, assessmentKey: "A1" });
    const [row] = findingRows([finding([{ kind: "assessment", key: "A1" }, lesion("L1"), lesion("L2")])], STUDY);
    expect(row).toEqual({
      rule: "Baseline targets break the selection rules",
      subject: "101-0001",
      subject_href: `${STUDY}/subjects/101-0001`,
      date: "2023-05-01",
      record: "A1",
      record_href: `${RESPONSE}?as_f_key=%3DA1#assessment-A1`,
      others: "L1, L2",
      others_href: `${RESPONSE}?as_f_key=%3DA1#assessment-A1`,
      found: "6 targets",
      expected: "at most 5 targets",
    });
  });

  it("several assessments: the others open the subject's assessments", () => {
    const records = ["A3", "A4", "A2"].map((key) => ({ kind: "assessment" as const, key }));
    const [row] = findingRows([finding(records)], STUDY);
    expect([row.others, row.others_href]).toEqual(["A4, A2", `${RESPONSE}#response-assessments`]);
  });

  it("one record: no others", () => {
    const [row] = findingRows([finding([{ kind: "adverse-event", key: "E1" }])], STUDY);
    expect([row.others, row.others_href]).toEqual([null, null]);
  });
});

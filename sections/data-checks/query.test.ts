import { describe, expect, it } from "vitest";
import type { Finding } from "@/lib/clinical/checks/finding";
import { checksHref, recordHref } from "./query";
import { findingRows } from "./tables";

const STUDY = "/studies/c1/ONC-101";
/** Assessments and lesions open the subject's response page, its assessment table filtered to one. */
const RESPONSE = `${STUDY}/tumour-response/subjects/101-0001`;

describe("the addresses of the data checks", () => {
  it.each([
    [{}, `${STUDY}/data-checks#findings`],
    [{ rule: "interval" as const }, `${STUDY}/data-checks?rule=interval#findings`],
    [
      { rule: "ae-no-grade" as const, subject: "101 0001" },
      `${STUDY}/data-checks?rule=ae-no-grade&subject=101+0001#findings`,
    ],
  ])("the section filtered by %j", (filter, expected) => {
    expect(checksHref(`${STUDY}/data-checks`, filter)).toBe(expected);
  });

  it.each([
    [{ kind: "assessment" as const, key: "A-004456" }, `${RESPONSE}?as_f_key=%3DA-004456#response-assessments`],
    [
      { kind: "lesion" as const, key: "3102-A-004002-T1", assessmentKey: "A-004002" },
      `${RESPONSE}?as_f_key=%3DA-004002#response-assessments`,
    ],
    [
      { kind: "adverse-event" as const, key: "ONC-101-MRN971662-4-1" },
      `${STUDY}/adverse-events?ev_f_key=%3DONC-101-MRN971662-4-1#ae-listing`,
    ],
    [
      { kind: "laboratory" as const, key: "8d89", test: "K", collectedAt: "2023-03-30T09:15:00" },
      `${STUDY}/laboratory?issue=no-unit&res.f_subject=%3D101-0001&res.f_test=%3DK` +
        "&res.f_collected=%3D2023-03-30T09%3A15%3A00#lab-issue",
    ],
  ])("a record: %j", (record, expected) => {
    expect(recordHref(STUDY, "101-0001", record)).toBe(expected);
  });

  it("an assessment of no subject has no place", () => {
    expect(recordHref(STUDY, null, { kind: "assessment", key: "A1" })).toBeNull();
  });
});

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
      record_href: `${RESPONSE}?as_f_key=%3DA1#response-assessments`,
      others: "L1, L2",
      others_href: `${RESPONSE}?as_f_key=%3DA1#response-assessments`,
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

import { describe, expect, it } from "vitest";
import { checksHref, parseDataChecksQuery, recordHref } from "./query";

const STUDY = "/studies/c1/ONC-101";
/** Assessments and lesions open the subject's response page, its assessment table filtered to one, at its row. */
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
    [{ kind: "assessment" as const, key: "A-004456" }, `${RESPONSE}?as_f_key=%3DA-004456#assessment-A-004456`],
    [
      { kind: "lesion" as const, key: "3102-A-004002-T1", assessmentKey: "A-004002" },
      `${RESPONSE}?as_f_key=%3DA-004002#assessment-A-004002`,
    ],
    [
      { kind: "adverse-event" as const, key: "ONC-101-MRN971662-4-1" },
      `${STUDY}/adverse-events?ev_f_key=%3DONC-101-MRN971662-4-1#ae-ONC-101-MRN971662-4-1`,
    ],
    [
      { kind: "laboratory" as const, key: "8d89", test: "K", collectedAt: "2023-03-30T09:15:00" },
      `${STUDY}/laboratory?issue=no-unit&res.f_subject=%3D101-0001&res.f_test=%3DK` +
        "&res.f_collected=%3D2023-03-30+09%3A15#result-8d89",
    ],
  ])("a record: %j", (record, expected) => {
    expect(recordHref(STUDY, "101-0001", record)).toBe(expected);
  });

  it("an assessment of no subject has no place", () => {
    expect(recordHref(STUDY, null, { kind: "assessment", key: "A1" })).toBeNull();
  });
});

describe("parseDataChecksQuery", () => {
  it.each([
    ["", { rule: null, subject: null }],
    ["rule=ae-no-grade&subject=101-0001", { rule: "ae-no-grade", subject: "101-0001" }],
    ["rule=constructor&subject=", { rule: null, subject: null }],
    [`subject=${"x".repeat(201)}`, { rule: null, subject: null }],
  ])("%j", (search, expected) => {
    expect(parseDataChecksQuery(new URLSearchParams(search))).toEqual(expected);
  });
});

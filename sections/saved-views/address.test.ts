import { describe, expect, it } from "vitest";
import { CHANGED_RECORD_TYPES } from "@/lib/snapshots/changes";
import { pageAddressOf, scopeOf, viewPageHref } from "./address";

const STUDY = "/studies/c1/ONC-101";

describe("a saved view's page", () => {
  it("is the page below the study, its query kept without the snapshot", () => {
    expect(pageAddressOf(STUDY, `${STUDY}?snapshot=7`)).toEqual({ path: "", query: "", snapshot: 7 });
    expect(pageAddressOf(STUDY, `${STUDY}/laboratory/liver?only_subjects=101-0001&lab_sort=x`)).toEqual({
      path: "laboratory/liver",
      query: "only_subjects=101-0001&lab_sort=x",
      snapshot: null,
    });
    expect(pageAddressOf(STUDY, `${STUDY}/adverse-events?snapshot=0`)).toBeNull();
    expect(pageAddressOf(STUDY, `${STUDY}-2/adverse-events`)).toBeNull();
    expect(pageAddressOf(STUDY, `${STUDY}/adverse-events?q=${"x".repeat(2001)}`)).toBeNull();
    expect(pageAddressOf(STUDY, "//evil.example/studies/c1/ONC-101")).toBeNull();
  });

  it("shows its section's record types, and on a subject's page that subject only", () => {
    expect(scopeOf("adverse-events")).toEqual({ recordTypes: ["AdverseEvent"], subject: null });
    expect(scopeOf("laboratory/liver")).toEqual({ recordTypes: ["laboratory"], subject: null });
    expect(scopeOf("subjects/101%2F0001")).toEqual({ recordTypes: CHANGED_RECORD_TYPES, subject: "101/0001" });
    expect(scopeOf("tumour-response/subjects/101-0002")).toEqual({
      recordTypes: ["DiagnosticReport", "imaging"],
      subject: "101-0002",
    });
    expect(scopeOf("")).toEqual({ recordTypes: CHANGED_RECORD_TYPES, subject: null });
    expect(scopeOf("views")).toBeNull();
    expect(scopeOf("settings")).toBeNull();
    expect(scopeOf("subjects/%E0%A4%A")).toBeNull();
  });

  it("opens as saved or with the latest data", () => {
    const view = { path: "adverse-events", query: "ae_f_grade=3" };
    expect(viewPageHref(STUDY, view, 7)).toBe(`${STUDY}/adverse-events?ae_f_grade=3&snapshot=7`);
    expect(viewPageHref(STUDY, view, null)).toBe(`${STUDY}/adverse-events?ae_f_grade=3`);
    expect(viewPageHref(STUDY, { path: "", query: "" }, null)).toBe(STUDY);
  });
});

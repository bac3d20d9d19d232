/**
 * Every reader of the partner's text that looks it up or classifies it, given texts that name Object.prototype's
 * properties and texts of 100,000 characters: each gives its documented value for an unknown text (null, the
 * default, or the text as sent), never an inherited property, and never throws (docs/security.md).
 */
import { describe, expect, it } from "vitest";
import { isRelated, isRelatedUnder } from "./adverse-events/rows";
import { SOC_UNMAPPED, systemOrganClass } from "./adverse-events/soc";
import { socOf } from "./adverse-events/soc-table";
import { calendarDate } from "./common/dates";
import { DEFAULT_DAY_ONE, dayOneAnchor } from "./exposure/day-one";
import { isBaselineVisit } from "./laboratory/baseline";
import { CTCAE_TESTS, ctcaeGrade, ctcaeTerms, unitKey } from "./laboratory/ctcae";
import { parseReferenceRange } from "./laboratory/reference-range";
import { alpOrLiverTestOf } from "./liver/peaks";
import { parseIssue } from "./measurements/issues";
import { expectNothingInherited, HOSTILE_TEXTS, LONG_TEXT } from "./partner-text-testing";
import { reportedChangeMm } from "./response/assessment-response";
import { isNodeSite, lesionCategory } from "./response/lesion-rows";
import { stateKind } from "./response/lesion-rules";
import { DEFAULT_POPULATION, populationOf } from "./response/population";
import { signedResponse } from "./response/timepoint";
import { ETHNIC, RACE, SEX, term } from "./sdtm/dm-variables";
import { dtc } from "./sdtm/iso-8601";
import { responseTerm } from "./sdtm/rs";
import { isPositionItem, labTestName, vitalTest } from "./sdtm/test-codes";
import { cdcLabel, sexLabel } from "./subjects/cdc";
import { birthYearOf } from "./subjects/demographics";
import { timeOf } from "./subjects/trend-series";

/** Long texts a number or a range reader could stumble on, besides the hostile ones. */
const TEXTS = [...HOSTILE_TEXTS, "1".repeat(100_000), "1 - ".repeat(25_000), `<= ${"9".repeat(100_000)}`];
const sent = (text: string) => text.trim() || undefined;

/** Each reader with what it gives for a text it does not know. */
const READERS: [string, (text: string) => unknown, (text: string) => unknown][] = [
  ["lesionCategory", lesionCategory, () => null],
  ["signedResponse", signedResponse, () => null],
  ["responseTerm", responseTerm, () => null],
  ["labTestName", labTestName, () => null],
  ["vitalTest", vitalTest, () => undefined],
  ["isPositionItem", isPositionItem, () => false],
  ["systemOrganClass", systemOrganClass, () => null],
  ["socOf", socOf, () => SOC_UNMAPPED],
  ["isRelated", isRelated, () => false],
  ["isRelatedUnder (assessed)", (t) => isRelatedUnder(t, "assessed"), () => false],
  ["reportedChangeMm", reportedChangeMm, () => null],
  ["calendarDate", calendarDate, () => null],
  ["dtc", dtc, () => null],
  ["timeOf", timeOf, () => null],
  ["birthYearOf", birthYearOf, () => null],
  ["alpOrLiverTestOf", alpOrLiverTestOf, () => null],
  ["ctcaeTerms", ctcaeTerms, () => []],
  ["isBaselineVisit", isBaselineVisit, () => false],
  ["isNodeSite", isNodeSite, () => false],
  ["stateKind", stateKind, () => "present"],
  ["parseIssue", parseIssue, () => null],
  ["populationOf", populationOf, () => DEFAULT_POPULATION],
  ["dayOneAnchor", dayOneAnchor, () => DEFAULT_DAY_ONE],
  ["cdcLabel", cdcLabel, sent],
  ["sexLabel", sexLabel, sent],
  ["term (SEX)", (t) => term(SEX, t), (t) => t],
  ["term (RACE)", (t) => term(RACE, t), (t) => t],
  ["term (ETHNIC)", (t) => term(ETHNIC, t), (t) => t],
];

describe.each(READERS)("%s, given texts it does not know", (_, read, unknown) => {
  it.each(TEXTS.map((t) => [t.slice(0, 20), t]))("%j gives its value for an unknown text", (_, text) => {
    const value = read(text);
    expectNothingInherited(value);
    expect(value).toEqual(unknown(text));
  });
});

describe("readers whose value for any text is a reading of it", () => {
  it.each(TEXTS.map((t) => [t.slice(0, 20), t]))("unitKey and parseReferenceRange read %j", (_, text) => {
    expectNothingInherited(unitKey(text));
    expect(unitKey(text)?.length).toBeLessThanOrEqual(text.length);
    const range = parseReferenceRange(text);
    expectNothingInherited(range);
    expect(range.text).toBe(text);
  });
});

describe("the CTCAE grade of a result whose texts are hostile", () => {
  const tests = Object.keys(CTCAE_TESTS);
  const GRADES = [0, 1, 2, 3, 4, null];

  it.each(TEXTS.map((t) => [t.slice(0, 20), t]))("a unit %j grades or says why not", (_, unit) => {
    for (const test of tests) {
      const grade = ctcaeGrade({ test, value: 100, unit, range: "0 - 40" }, { value: 30, range: "0 - 40" });
      expectNothingInherited(grade, `${test} in ${unit.slice(0, 20)}`);
      expect(GRADES).toContain(grade?.grade ?? null);
      // The reason names the term and its units, never the text sent.
      if (grade && "reason" in grade && unit.trim().length > 3) expect(grade.reason).not.toContain(unit.trim());
    }
  });

  it("a unit named like an Object property is no unit of the bands", () => {
    const grade = ctcaeGrade({ test: "HGB", value: 5, unit: "constructor", range: "12 - 16" }, null);
    expect(grade).toEqual({ grade: null, term: null, reason: expect.stringMatching(/graded in/) });
  });

  it.each(TEXTS.map((t) => [t.slice(0, 20), t]))("a test or range %j grades nothing or says why", (_, text) => {
    expect(ctcaeGrade({ test: text, value: 100, unit: "U/L", range: "0 - 40" }, null)).toBeNull();
    const grade = ctcaeGrade({ test: "ALT", value: 100, unit: "U/L", range: text }, null);
    expectNothingInherited(grade);
    expect(GRADES).toContain(grade?.grade ?? null);
  });

  it("a long unit is read once, not kept whole in the reason", () => {
    const grade = ctcaeGrade({ test: "HGB", value: 5, unit: LONG_TEXT, range: "12 - 16" }, null);
    expect(grade && "reason" in grade ? grade.reason.length : 0).toBeLessThan(200);
  });
});

import { describe, expect, it } from "vitest";
import type { ObservationResource } from "@/partner-api/resources";
import {
  assessmentKeyOf,
  isNodeLesion,
  isNodeSite,
  lesionCategory,
  lesionProblem,
  lesionRow,
  unreadLesions,
} from "./lesion-rows";

const SB = "https://sb.test/StructureDefinition";
const ext = (name: string, valueString: string) => ({ url: `${SB}#${name}`, valueString });

/** An imaging Observation shaped as docs/partner-service.md states it. */
const observation = (over: Partial<ObservationResource> = {}): ObservationResource => ({
  resourceType: "Observation",
  extension: [
    ext("IDB.Protocol", "ONC-101"),
    ext("SponsorID", "SP-1"),
    ext("Organ", "Lymph node"),
    ext("Category", "Target"),
    ext("State", "Present"),
    { url: `${SB}#SeriesNumber`, valueInteger: 3 },
    ext("Label", "T3"),
    ext("ChangeFromBaseline", "-2 mm"),
  ],
  identifier: [{ system: `${SB}#LesionIdentifier`, value: "3102-A-004002-T3" }],
  subject: { reference: "Patient/101-0001" },
  effectiveDateTime: "2023-05-02T10:15:00",
  valueQuantity: { value: 12.5, unit: "mm" },
  ...over,
});

describe("lesionRow", () => {
  it("reads a served lesion: ID, subject, its assessment, label, category, organ, node, state, value, date", () => {
    expect(lesionRow(observation())).toEqual({
      key: "3102-A-004002-T3",
      subjectId: "101-0001",
      assessmentKey: "A-004002",
      label: "T3",
      category: "Target",
      categoryText: "Target",
      organ: "Lymph node",
      node: true,
      state: "Present",
      value: 12.5,
      unit: "mm",
      date: "2023-05-02",
    });
  });

  it("keeps a lesion without a measurement (only the unit sent) with value null; 0 mm stays 0", () => {
    expect(lesionRow(observation({ valueQuantity: { unit: "mm" } })).value).toBeNull();
    expect(lesionRow(observation({ valueQuantity: { value: 0, unit: "mm" } })).value).toBe(0);
  });

  it("reads names in another case and base, and takes the label from the ID when #Label is missing", () => {
    const row = lesionRow(
      observation({
        extension: [
          { url: "https://other/x#CATEGORY", valueString: "non-target" },
          { url: "https://other/x#organ", valueString: "Liver" },
        ],
        identifier: [{ system: "https://other/x#lesionidentifier", value: "77-A-9-NT1" }],
      }),
    );
    expect(row).toMatchObject({ label: "NT1", assessmentKey: "A-9", category: "Non-target", node: false });
  });

  it("leaves what is missing as null: no identifier, no date, no extensions", () => {
    const row = lesionRow(observation({ extension: undefined, identifier: undefined, effectiveDateTime: "n/a" }));
    expect(row).toMatchObject({ key: null, label: null, assessmentKey: null, category: null, date: null });
  });
});

describe("lesionCategory", () => {
  it.each([
    ["Target", "Target"],
    [" target ", "Target"],
    ["Non-target", "Non-target"],
    ["NON TARGET", "Non-target"],
    ["Nontarget", "Non-target"],
    ["New lesion", "New lesion"],
    ["new  lesion", "New lesion"],
    ["Measurable", null],
    ["", null],
    [null, null],
  ])("%s is %s", (text, expected) => expect(lesionCategory(text)).toBe(expected));
});

describe("isNodeSite: a node named by whole words", () => {
  it.each([
    ["Lymph node", true],
    ["Mediastinal node", true],
    ["lymph node, axillary", true],
    ["Hilar lymph nodes", true],
    ["Lymph-node", true],
    ["lymphnode", true],
    ["Cervical lymph gland", true],
    ["Nodal mass, para-aortic", true],
    ["Axillary LN", true],
    ["Iliac LNs", true],
    ["Liver", false],
    // Words that contain "node" or "lymph" without naming a lymph node.
    ["Lung nodule", false],
    ["Nodular lesion, liver", false],
    ["Lymphangitic spread", false],
    ["Lymphoma infiltrate, spleen", false],
    // "ln" in small letters is no abbreviation of a lymph node; nor a word that only ends in "node".
    ["kiln", false],
    ["Antinode", false],
    [null, false],
    [undefined, false],
  ])("%s: %s", (organ, expected) => expect(isNodeSite(organ)).toBe(expected));
});

describe("isNodeLesion: the lesion's own attributes first, then the organ's words", () => {
  const snomed = "http://snomed.info/sct";
  it.each([
    ["bodySite SNOMED CT 59441001", { bodySite: { coding: [{ system: snomed, code: "59441001" }] } }, "Lung", true],
    ["bodySite coded without a system", { bodySite: { coding: [{ code: "59441001" }] } }, null, true],
    // The same code in another code system is another thing.
    ["59441001 of another system", { bodySite: { coding: [{ system: "urn:other", code: "59441001" }] } }, null, false],
    ["bodySite text", { bodySite: { text: "Right axillary lymph node" } }, null, true],
    ["bodySite display", { bodySite: { coding: [{ display: "Subcarinal lymph node" }] } }, null, true],
    ["bodySite of a lung nodule", { bodySite: { text: "Lung nodule, right upper lobe" } }, "Lung", false],
    ["method: short axis", { method: { text: "Short axis diameter" } }, "Mediastinum", true],
    ["code: short-axis measurement", { code: { coding: [{ display: "Short-axis diameter" }] } }, null, true],
    ["code: longest diameter", { code: { text: "Longest diameter" } }, "Liver", false],
    // Nothing of its own: the organ's words decide.
    ["no attribute, organ Lymph node", {}, "Lymph node", true],
    ["no attribute, organ Lung nodule", {}, "Lung nodule", false],
    // Attributes of an unexpected shape are read as none.
    ["a bodySite that is text", { bodySite: "lymph node" }, "Liver", false],
    ["a coding that is no list", { bodySite: { coding: "59441001" } }, "Liver", false],
  ] as [string, Record<string, unknown>, string | null, boolean][])("%s: %s", (_, over, organ, expected) =>
    expect(isNodeLesion(observation(over as Partial<ObservationResource>), organ)).toBe(expected),
  );

  it("the row's node flag reads both", () => {
    const organ = (name: string) => [ext("Organ", name), ext("Category", "Target"), ext("Label", "T1")];
    expect(lesionRow(observation({ extension: organ("Lung nodule") })).node).toBe(false);
    const coded = observation({ extension: organ("Mediastinum"), bodySite: { coding: [{ code: "59441001" }] } });
    expect(lesionRow(coded).node).toBe(true);
  });
});

describe("assessmentKeyOf", () => {
  it.each([
    ["3102-A-004002-T1", "T1", "A-004002"],
    ["1-A-1-NL1", "NL1", "A-1"],
    // No case number before the assessment, or the label is not at the end: no key.
    ["A004002-T1", "T1", null],
    ["3102-A-004002-T1", "T2", null],
    ["3102-T1", "T1", null],
    [null, "T1", null],
  ])("%s with label %s: %s", (id, label, expected) => expect(assessmentKeyOf(id, label)).toBe(expected));
});

describe("lesionProblem and unreadLesions", () => {
  it("counts rows without a subject, without a category and with an unknown one", () => {
    const ok = lesionRow(observation());
    const noSubject = lesionRow(observation({ subject: { reference: "Group/G1" } }));
    const unknown = { ...ok, category: null, categoryText: "Measurable" };
    const none = { ...ok, category: null, categoryText: null };
    expect(lesionProblem(ok)).toBeNull();
    const unread = unreadLesions([ok, noSubject, unknown, none, unknown]);
    expect(unread.count).toBe(4);
    expect(Object.fromEntries(unread.byReason)).toEqual({
      "names no subject": 1,
      "has an unknown category": 2,
      "has no category": 1,
    });
  });
});

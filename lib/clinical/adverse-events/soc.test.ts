import { describe, expect, it } from "vitest";
import { SOC_SOURCE, systemOrganClass } from "./soc";
import mapping from "./soc/ctcae-v5.0-soc.json";

describe("systemOrganClass (CTCAE v5.0 term to MedDRA SOC)", () => {
  it("files each CTCAE v5.0 term under the SOC the NCI table gives it", () => {
    // Read off the CTCAE v5.0 spreadsheet's MedDRA SOC column for these terms.
    expect(systemOrganClass("Febrile neutropenia")).toBe("Blood and lymphatic system disorders");
    expect(systemOrganClass("Infusion related reaction")).toBe("Injury, poisoning and procedural complications");
    expect(systemOrganClass("Epistaxis")).toBe("Respiratory, thoracic and mediastinal disorders");
    expect(systemOrganClass("Sudden death NOS")).toBe("General disorders and administration site conditions");
    expect(systemOrganClass("Lung infection")).toBe("Infections and infestations");
    expect(systemOrganClass("Insomnia")).toBe("Psychiatric disorders");
  });

  it("reads the term trimmed and without regard to case", () => {
    expect(systemOrganClass("  FEBRILE NEUTROPENIA ")).toBe("Blood and lymphatic system disorders");
    expect(systemOrganClass("rash maculo-papular")).toBe("Skin and subcutaneous tissue disorders");
  });

  it("gives no class for a term CTCAE v5.0 does not have", () => {
    // "Decreased appetite" is a MedDRA term; CTCAE v5.0 names it "Anorexia".
    expect(systemOrganClass("Decreased appetite")).toBeNull();
    expect(systemOrganClass("Anorexia")).toBe("Metabolism and nutrition disorders");
    expect(systemOrganClass("")).toBeNull();
  });

  it("ships all 837 terms of CTCAE v5.0, each once, in its 26 SOCs, and names its source", () => {
    const terms = mapping.terms.map((t) => t.term.toLowerCase());
    expect(terms).toHaveLength(837);
    expect(new Set(terms).size).toBe(837);
    expect(new Set(mapping.terms.map((t) => t.soc)).size).toBe(26);
    expect(SOC_SOURCE).toContain("CTCAE v5.0");
    expect(SOC_SOURCE).toContain("ajbarrows/tcoRs");
  });
});

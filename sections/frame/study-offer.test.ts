/**
 * What a study's pages offer: every section and the export pack; no Tumour response for a study with neither
 * response assessments nor lesions; nothing for a study the connection does not list or the partner does not grant.
 */
import { describe, expect, it } from "vitest";
import { type PartnerRequest, StudyForbiddenError, UnavailableError } from "@/lib/partner-client/errors";
import type { StudyData } from "@/lib/study/study-rows";
import { studyOffer } from "./study-offer";

const hit = (n: number) => ({ value: { rows: Array.from({ length: n }, () => ({})) } });

/** A study whose record types hold these many rows, or whose every request fails with `fails`. */
function study(counts: Record<string, number>, fails?: Error, listed = true) {
  const asked: string[] = [];
  const rows = async (type: string) => {
    asked.push(type);
    if (fails) throw fails;
    return hit(counts[type] ?? 0);
  };
  return { study: { rows, listed } as unknown as StudyData & { listed: boolean }, asked };
}

const request: PartnerRequest = { what: "DiagnosticReport", study: "ONC-102", path: "/DiagnosticReport" };

describe("studyOffer", () => {
  it("offers every section to a study with response assessments, without reading its imaging", async () => {
    const s = study({ DiagnosticReport: 3 });
    expect(await studyOffer(s.study)).toEqual({ refused: false, response: true });
    expect(s.asked).toEqual(["DiagnosticReport"]);
  });

  it("offers Tumour response to a study with lesions and no assessment", async () => {
    expect(await studyOffer(study({ imaging: 2 }).study)).toEqual({ refused: false, response: true });
  });

  it("offers no Tumour response to a study with neither (no imaging)", async () => {
    expect(await studyOffer(study({ Patient: 40 }).study)).toEqual({ refused: false, response: false });
  });

  it("offers nothing to a study the partner does not grant, or the connection does not list", async () => {
    const forbidden = new StudyForbiddenError(request, 403, 1);
    expect(await studyOffer(study({}, forbidden).study)).toEqual({ refused: true, response: false });
    const notListed = study({ DiagnosticReport: 3 }, undefined, false);
    expect(await studyOffer(notListed.study)).toEqual({ refused: true, response: false });
    expect(notListed.asked).toEqual([]);
  });

  it("takes nothing away for a failure that Refresh may mend", async () => {
    const busy = new UnavailableError(request, 503, 3);
    expect(await studyOffer(study({}, busy).study)).toEqual({ refused: false, response: true });
  });
});

/**
 * The demo data's courses of non-target disease only and of a target back after a complete response, at the
 * default settings (docs/partner-service.md, "Non-target disease only, and a target back after a complete
 * response"): the documented table matches the data both ways; every ONC-101 assessment of these subjects is worked
 * out here by hand, RECIST 1.1 Table 2 cell by cell (docs/clinical-rules.md); a served DiagnosticReport without
 * targets has no CurrentValue and changes `--`. Nothing here uses the generator's rules.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { createQueries } from "../../queries";
import { serviceSystems } from "../../resources/build-context";
import { diagnosticReportResource } from "../../resources/diagnostic-report";
import { testConfig } from "../../testing";
import { demoStudies } from "./generate-dataset";
import { type AssessmentRow, assessments, generate, lesionsByRow } from "./test-fixture";

const COURSES = [
  "non-target CR",
  "non-target Non-CR/Non-PD",
  "non-target PD, new lesion",
  "non-target PD, unequivocal",
  "target reappears",
];
const SHORT: Record<string, string> = {
  "Complete Response": "CR",
  "Partial Response": "PR",
  "Stable Disease": "SD",
  "Non-CR/Non-PD": "Non-CR/Non-PD",
  "Progressive Disease": "PD",
  "Not Evaluable": "NE",
};

const e = parseEnv({});
const { db } = generate({
  seed: e.DEMO_SEED,
  studies: demoStudies({ subjects: e.DEMO_SUBJECTS, visits: e.DEMO_VISITS }),
});
const served = assessments(db).filter((r) => r.vis_seq !== null);
const byRow = lesionsByRow(db);
const seriesOf = (study: string, subject: string) =>
  served.filter((r) => r.study_number === study && r.subject_id === subject).sort((a, b) => a.timepoint - b.timepoint);
const lesionsOf = (r: AssessmentRow) => byRow.get(r.row_id) ?? [];

/** The course a subject's served lesions show, told apart by what each course has and no other subject does. */
function courseOf(series: AssessmentRow[]): string | null {
  const all = series.flatMap(lesionsOf);
  if (!lesionsOf(series[0]).some((l) => l.category === "Target")) {
    if (all.some((l) => l.category === "New lesion")) return "non-target PD, new lesion";
    if (all.some((l) => l.state === "Uneqv. prog.")) return "non-target PD, unequivocal";
    return series.some((r) => r.conclusion === "Complete Response") ? "non-target CR" : "non-target Non-CR/Non-PD";
  }
  // A target that had disappeared, present again at the next assessment.
  const back = series.some((r, k) =>
    lesionsOf(r).some(
      (l) =>
        l.category === "Target" &&
        l.state === "Present" &&
        k > 0 &&
        lesionsOf(series[k - 1]).some((p) => p.label === l.label && p.state === "Disappeared"),
    ),
  );
  return back ? "target reappears" : null;
}

describe("the documented courses of the default demo data (docs/partner-service.md)", () => {
  const readme = readFileSync(new URL("../../../docs/partner-service.md", import.meta.url), "utf8");
  /** Rows `| course | study | subject | conclusions | ... |` whose course is one of the five. */
  const listed = readme
    .split("\n")
    .map((line) => line.split("|").map((cell) => cell.trim().replace(/^`|`$/g, "")))
    .filter((cells) => COURSES.includes(cells[1]))
    .map((cells) => cells.slice(1, 5).join(" | "));
  const subjects = [...new Set(served.map((r) => `${r.study_number} ${r.subject_id}`))].map((s) => s.split(" "));
  const generated = subjects.flatMap(([study, subject]) => {
    const series = seriesOf(study, subject);
    const course = courseOf(series);
    if (course === null) return [];
    const conclusions = series.slice(1).map((r) => SHORT[r.conclusion]);
    return [[course, study, subject, conclusions.join(", ")].join(" | ")];
  });

  it("names each course of each study's subject, with its conclusions, and nothing else", () => {
    expect(listed.length).toBe(10);
    expect([...generated].sort()).toEqual([...listed].sort());
  });
});

/** One ONC-101 assessment as served: its lesions `label state value`, target sum and conclusion. */
type Seen = [lesions: string[], sum: number | null, conclusion: string];
const seen = (r: AssessmentRow): Seen => [
  lesionsOf(r).map((l) => `${l.label} ${l.state} ${l.value}`),
  r.current_value,
  r.conclusion,
];
const ONC = "ONC-101";

describe("ONC-101's subjects with non-target disease only, by RECIST 1.1 Table 2 (worked by hand)", () => {
  it("104-0001: both nodes under 10 mm from Follow-up 2 is a complete response", () => {
    expect(seriesOf(ONC, "104-0001").map(seen)).toEqual([
      [["NT1 Present 13.8", "NT2 Present 11.2"], null, "Undefined"],
      // 13.9 and 10.4 mm: nodes of 10 mm or more remain -> Non-CR/Non-PD.
      [["NT1 Stable/Improved 13.9", "NT2 Stable/Improved 10.4"], null, "Non-CR/Non-PD"],
      // 8.7 and 9.2 mm: every node under 10 mm, nothing else -> non-target CR -> CR.
      [["NT1 Stable/Improved 8.7", "NT2 Stable/Improved 9.2"], null, "Complete Response"],
      [["NT1 Stable/Improved 8.1", "NT2 Stable/Improved 7.1"], null, "Complete Response"],
      [["NT1 Stable/Improved 7.5", "NT2 Stable/Improved 6"], null, "Complete Response"],
    ]);
  });

  it("102-0002: a non-target not evaluable is NE; nodes at 10 mm or more are Non-CR/Non-PD", () => {
    expect(seriesOf(ONC, "102-0002").map(seen)).toEqual([
      [["NT1 Present 10.2", "NT2 Present 10.8", "NT3 Present null"], null, "Undefined"],
      // NT3 (pleural effusion) not evaluable, no progression, no new lesion -> not all evaluated -> NE.
      [["NT1 Stable/Improved 10", "NT2 Stable/Improved 10.5", "NT3 Not evaluable null"], null, "Not Evaluable"],
      // All seen; a node at exactly 10 mm is not under 10 mm, and the effusion remains -> Non-CR/Non-PD.
      [["NT1 Stable/Improved 10", "NT2 Stable/Improved 10.2", "NT3 Stable/Improved null"], null, "Non-CR/Non-PD"],
      [["NT1 Stable/Improved 10.3", "NT2 Stable/Improved 10", "NT3 Stable/Improved null"], null, "Non-CR/Non-PD"],
      [["NT1 Stable/Improved 10", "NT2 Stable/Improved 11.2", "NT3 Stable/Improved null"], null, "Non-CR/Non-PD"],
    ]);
  });

  it("105-0001: a new lesion is progression, whatever the non-targets", () => {
    expect(seriesOf(ONC, "105-0001").map(seen)).toEqual([
      [["NT1 Present null"], null, "Undefined"],
      // The lung lesion remains -> Non-CR/Non-PD.
      [["NT1 Stable/Improved null"], null, "Non-CR/Non-PD"],
      // NL1 (adrenal gland, 20.2 mm) is a new lesion -> PD.
      [["NT1 Stable/Improved null", "NL1 Present 20.2"], null, "Progressive Disease"],
    ]);
  });

  it("103-0004: a non-target in unequivocal progression is progression", () => {
    expect(seriesOf(ONC, "103-0004").map(seen)).toEqual([
      [["NT1 Present null", "NT2 Present null"], null, "Undefined"],
      [["NT1 Stable/Improved null", "NT2 Stable/Improved null"], null, "Non-CR/Non-PD"],
      [["NT1 Stable/Improved null", "NT2 Stable/Improved null"], null, "Non-CR/Non-PD"],
      // NT1 "Uneqv. prog." -> PD.
      [["NT1 Uneqv. prog. null", "NT2 Stable/Improved null"], null, "Progressive Disease"],
    ]);
  });

  it("every assessment of a subject without targets has no sum and no change", () => {
    for (const subject of ["104-0001", "102-0002", "105-0001", "103-0004"]) {
      for (const r of seriesOf(ONC, subject)) {
        expect([r.current_value, r.change_baseline, r.change_previous, r.change_nadir]).toEqual([
          null,
          null,
          null,
          null,
        ]);
      }
    }
  });
});

describe("ONC-101 105-0002: a target back after a complete response (worked by hand)", () => {
  it("is progression by the sum: any 5 mm over a nadir of 0 mm", () => {
    expect(seriesOf(ONC, "105-0002").map(seen)).toEqual([
      // Baseline sum 14.9 + 36.4 = 51.3 mm.
      [["T1 Defined 14.9", "T2 Defined 36.4", "NT1 Present 10.6"], 51.3, "Undefined"],
      // 10.4 + 24.4 = 34.8 mm <= 0.7 x 51.3 = 35.91 mm -> target PR; node 10 mm remains -> PR.
      [["T1 Present 10.4", "T2 Present 24.4", "NT1 Stable/Improved 10"], 34.8, "Partial Response"],
      // 5.7 + 11.5 = 17.2 mm -> target PR; not over the nadir 34.8 -> PR.
      [["T1 Present 5.7", "T2 Present 11.5", "NT1 Stable/Improved 10"], 17.2, "Partial Response"],
      // Both targets gone (0 mm) -> target CR; node 8.9 mm < 10 -> non-target CR -> CR.
      [["T1 Disappeared 0", "T2 Disappeared 0", "NT1 Stable/Improved 8.9"], 0, "Complete Response"],
      // T2 back at 6.6 mm: 6.6 - 0 = 6.6 >= 5 mm and 6.6 >= 1.2 x 0 over the nadir 0 mm -> target PD -> PD.
      [["T1 Disappeared 0", "T2 Present 6.6", "NT1 Stable/Improved 8.9"], 6.6, "Progressive Disease"],
    ]);
    // Changes at Follow-up 4: 6.6 - 51.3 = -44.7 from baseline; 6.6 - 0 = +6.6 from previous and nadir.
    const last = seriesOf(ONC, "105-0002")[4];
    expect([last.change_baseline, last.change_previous, last.change_nadir]).toEqual([-44.7, 6.6, 6.6]);
  });
});

describe("a served DiagnosticReport of a subject without targets", () => {
  it("has no CurrentValue and `--` for every change", () => {
    const cfg = testConfig();
    const ctx = {
      api: `${cfg.baseUrl}/api`,
      structureBase: cfg.structureBase,
      ctcBase: cfg.ctcBase,
      systems: serviceSystems(cfg.structureBase, cfg.ctcBase),
      study: createQueries(db).study(ONC)!,
    };
    const row = seriesOf(ONC, "104-0001")[1];
    const report = diagnosticReportResource(row, ctx);
    const ext = (name: string) => (report.extension ?? []).filter((x) => x.url.endsWith(`#${name}`));
    expect(ext("CurrentValue")).toEqual([]);
    expect(["ChangeFromPrevious", "ChangeFromBaseline", "ChangeFromNadir"].map((n) => ext(n)[0].valueString)).toEqual([
      "--",
      "--",
      "--",
    ]);
    expect(ext("Unit")[0].valueString).toBe("mm");
    expect(report.conclusion).toBe("Non-CR/Non-PD");
  });
});

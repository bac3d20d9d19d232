import { describe, expect, it } from "vitest";
import type { EdishPoint } from "@/lib/clinical/liver/edish";
import type { LiverPeak } from "@/lib/clinical/liver/peaks";
import { hrefInside } from "@/lib/tables/table-def";
import { liverAround } from "./liver-query";
import { liverRows } from "./liver-tables";

const peak = (test: string, timesUln: number): LiverPeak => ({
  timesUln,
  ratio: timesUln,
  value: timesUln * 40,
  uln: 40,
  unit: "U/L",
  date: "2024-03-01",
  resultId: `${test}-1`,
  test,
});
const point = (transaminase: string): EdishPoint => ({
  subjectId: "S-1",
  quadrant: "temple",
  transaminase: peak(transaminase, 3.5),
  bilirubin: peak("Total bilirubin", 1),
  daysApart: 0,
  concurrent: true,
});

describe("liverRows: a subject opens the trend of the test its peak came from", () => {
  it.each([
    ["ALT", "/s/subjects/S-1?trend=ALT"],
    // A partner that names ALT in words (docs/clinical-rules.md, The tests): the trend of that name, not of "ALT".
    ["Alanine aminotransferase", "/s/subjects/S-1?trend=Alanine+aminotransferase"],
  ])("%s", (name, href) => expect(hrefInside(liverAround("/s"), liverRows([point(name)])[0].subject__href)).toBe(href));
});

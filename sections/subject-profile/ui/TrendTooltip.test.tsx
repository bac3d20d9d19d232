import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type PlottedPoint, TrendTooltip } from "./TrendTooltip";

const text = (html: string) =>
  html
    .replace(/<\/div>/g, "|")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<");
const point: PlottedPoint = {
  id: "r1",
  t: 0,
  collectedAt: "2023-01-10T08:00:00",
  visit: "Screening",
  raw: 80,
  value: 2,
  unit: "U/L",
  range: "<=40",
  flag: "H",
  band: { x1: 0, x2: 0, low: null, high: 1 },
  series: "ALT (U/L)",
};

describe("TrendTooltip: the fields of the record under the pointer", () => {
  it("gives a result's series, time, visit, value as sent, ×ULN, flag, range and record", () =>
    expect(text(renderToStaticMarkup(<TrendTooltip active payload={[{ payload: point }]} scale="uln" />))).toBe(
      "Series: ALT (U/L)|Collected (site time): 2023-01-10 08:00|Visit: Screening|Result: 80 U/L|× ULN: 2|" +
        "Flag: H, above the range|Reference range: <=40|Record: r1|",
    ));

  it("says when a result has no unit, no visit and no numeric range; no ×ULN on the raw scale", () => {
    const bare = { ...point, unit: null, visit: null, flag: null, range: "See report", value: 80 };
    expect(text(renderToStaticMarkup(<TrendTooltip active payload={[{ payload: bare }]} scale="raw" />))).toBe(
      "Series: ALT (U/L)|Collected (site time): 2023-01-10 08:00|Visit: (no visit)|Result: 80 (no unit)|" +
        "Flag: none (no numeric range)|Reference range: See report|Record: r1|",
    );
  });

  it("gives an adverse event's term, grade, start and key", () => {
    const onset = { key: "E1", t: 0, start: "2023-01-05", term: "Headache", grade: null };
    expect(text(renderToStaticMarkup(<TrendTooltip active payload={[{ payload: onset }]} scale="raw" />))).toBe(
      "Adverse-event onset: Headache|Grade: missing|Start: 2023-01-05|Record: E1|",
    );
  });

  it("gives the study day after the collection time and an onset's start, from the subject's day 1", () => {
    // 10 January is nine days after day 1 on 1 January: day 10. 5 January is the day before day 1 on 6 January:
    // day -1 (there is no day 0).
    expect(
      text(
        renderToStaticMarkup(<TrendTooltip active payload={[{ payload: point }]} scale="raw" dayOne="2023-01-01" />),
      ),
    ).toContain("Collected (site time): 2023-01-10 08:00|Study day: 10|Visit: Screening|");
    const onset = { key: "E1", t: 0, start: "2023-01-05", term: "Headache", grade: 2 as const };
    expect(
      text(
        renderToStaticMarkup(<TrendTooltip active payload={[{ payload: onset }]} scale="raw" dayOne="2023-01-06" />),
      ),
    ).toBe("Adverse-event onset: Headache|Grade: 2|Start: 2023-01-05|Study day: -1|Record: E1|");
  });

  it("gives no study day for a subject without a day 1", () =>
    expect(
      text(renderToStaticMarkup(<TrendTooltip active payload={[{ payload: point }]} scale="raw" dayOne={null} />)),
    ).not.toContain("Study day"));

  it("shows nothing when not active", () =>
    expect(renderToStaticMarkup(<TrendTooltip active={false} payload={[{ payload: point }]} scale="raw" />)).toBe(""));
});

describe("TrendTooltip: ×ULN as the eDISH chart writes it", () => {
  it("shows the thousandth that decides a threshold, not a value rounded up to it", () =>
    expect(
      text(
        renderToStaticMarkup(<TrendTooltip active payload={[{ payload: { ...point, value: 2.999 } }]} scale="uln" />),
      ),
    ).toContain("× ULN: 2.999|"));
});

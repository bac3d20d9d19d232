/**
 * The timeline's labels, placed by hand: 10 px bold labels of two characters are 14 px wide (7 a character),
 * kept 4 px from what is next to them; a label above a bar moves at most 24 px right of the bar's start.
 */
import { describe, expect, it } from "vitest";
import { placeLabels, type SpanBox } from "./timeline-labels";

const bar = (key: string, lane: number, x0: number, x1: number, text = "G1", after = 0): SpanBox => ({
  key,
  lane,
  x0,
  x1,
  after,
  text,
});
const where = (spans: SpanBox[]) =>
  Object.fromEntries(placeLabels(spans, 400).map((p) => [p.key, `${p.where} ${p.x}`]));

describe("the timeline's grade labels", () => {
  it("go inside a wide bar, past a short bar's end when clear of the next bar, else above it", () => {
    expect(
      where([
        bar("A", 0, 0, 40), // 40 px holds 14 + 2 × 2: inside, at 2
        bar("B", 0, 100, 104), // past its end at 108; 108 + 14 + 4 = 126 is before C's 150
        bar("C", 0, 150, 152, "G3", 7), // its arrow: 163 + 18 = 181 runs into D at 160, so above at 150
        bar("D", 0, 160, 162), // 166 + 18 runs into E at 165; above, after C's label (150 + 14 + 4 = 168)
        bar("E", 0, 165, 167, "G4"), // the lane's last: past its end at 171, up to the plot's edge
      ]),
    ).toEqual({ A: "inside 2", B: "after 108", C: "above 150", D: "above 168", E: "after 171" });
  });

  it("leave out a label that would sit more than 24 px right of its bar, in a dense cluster", () => {
    // Bars 2 px apart, each 4 px wide: above at 0, then at 18 (0 + 14 + 4); the bar at 4 would go to 36, 32 px
    // right of it: none. The last bar has nothing after it: past its end, at 10 + 4.
    const cluster = [0, 2, 4, 6].map((x, i) => bar(`b${i}`, 1, x, x + 4));
    expect(where(cluster)).toEqual({ b0: "above 0", b1: "above 18", b3: "after 14" });
  });

  it("place each lane on its own, and give a bar without a text no label", () => {
    const spans = [bar("a", 0, 0, 4), bar("b", 1, 5, 9), bar("m", 1, 20, 60, "")];
    // b's next bar is m at 20: 13 + 14 + 4 = 31 > 20, so above.
    expect(where(spans)).toEqual({ a: "after 8", b: "above 5" });
  });
});

/**
 * Where the subject timeline writes its bars' labels (`G3`), so that no two overlap and none covers another bar:
 * inside a bar wide enough to hold it; else just past its end (and its arrow), if that is clear of the lane's next
 * bar; else above the bar, at its start, or a little to the right of the label above the bar before it. Close
 * events of one term (a lane) are common in long studies: past-the-end labels ran into each other there. In a
 * cluster too dense for that (bars a few pixels apart), a bar whose label would sit well past its start has none
 * drawn: its grade is in its accessible name, its tooltip and the table. Pure, in pixels: the chart measures, this
 * decides (sections/subject-profile/ui/TimelineLabels.tsx draws).
 */

export interface SpanBox {
  key: string;
  lane: number;
  /** The bar's start and end on the chart, in pixels. */
  x0: number;
  x1: number;
  /** Room the bar's arrow takes past its end (an ongoing event), in pixels. */
  after: number;
  text: string;
}

export interface LabelPlace {
  key: string;
  lane: number;
  /** The text's left edge. */
  x: number;
  /** On the bar (in white), on its line past its end, or above it. */
  where: "inside" | "after" | "above";
  text: string;
}

/** 10 px bold digits and capitals: a generous width per character, so that a label never runs over. */
const CHAR_WIDTH = 7;
/** A label drawn above a bar may move this far right of the bar's start to clear the label before it. */
const MAX_SHIFT = 24;
const GAP = 4;

export const labelWidth = (text: string) => text.length * CHAR_WIDTH;

/** The places of the labels of `spans`; `right`: the plot's right edge. Spans without a text get none. */
export function placeLabels(spans: SpanBox[], right: number): LabelPlace[] {
  const byLane = new Map<number, SpanBox[]>();
  for (const s of spans) byLane.set(s.lane, [...(byLane.get(s.lane) ?? []), s]);
  const out: LabelPlace[] = [];
  for (const lane of byLane.values())
    out.push(
      ...placeLane(
        lane.sort((a, b) => a.x0 - b.x0 || a.x1 - b.x1),
        right,
      ),
    );
  return out;
}

function placeLane(spans: SpanBox[], right: number): LabelPlace[] {
  const out: LabelPlace[] = [];
  // The right edge of the last label written above a bar, and of the last written on the bars' line.
  let aboveEdge = Number.NEGATIVE_INFINITY;
  let lineEdge = Number.NEGATIVE_INFINITY;
  spans.forEach((s, i) => {
    if (s.text === "") return;
    const w = labelWidth(s.text);
    const next = spans[i + 1]?.x0 ?? right;
    const place = (x: number, where: LabelPlace["where"]) =>
      out.push({ key: s.key, lane: s.lane, x, where, text: s.text });
    if (s.x1 - s.x0 >= w + 4 && s.x0 + 2 >= lineEdge) {
      place(s.x0 + 2, "inside");
      lineEdge = s.x0 + 2 + w;
      return;
    }
    const afterX = s.x1 + s.after + GAP;
    if (afterX + w + GAP <= next && afterX >= lineEdge) {
      place(afterX, "after");
      lineEdge = afterX + w;
      return;
    }
    const aboveX = Math.max(s.x0, aboveEdge + GAP);
    // Further right, it would read as the next bar's: the bar keeps its grade in its name, tooltip and table.
    if (aboveX > s.x0 + MAX_SHIFT) return;
    place(aboveX, "above");
    aboveEdge = aboveX + w;
  });
  return out;
}

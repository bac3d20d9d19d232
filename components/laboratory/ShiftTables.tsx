/**
 * The two shift tables of one series (docs/clinical-rules.md, Shift tables): baseline category in rows, the lowest
 * (or highest) category after baseline in columns; each count opens the listing of that cell's subjects.
 */
import Link from "next/link";
import { SHIFT_CATEGORIES, type ShiftCategory, type ShiftDirection } from "@/lib/clinical/lab-shift";
import type { LabQuery } from "@/lib/study-views/laboratory-query";
import type { ShiftCounts } from "@/lib/study-views/laboratory-test";
import { labHref, unitLabel } from "./lab-format";

const NAME: Record<ShiftCategory, string> = { L: "Low (L)", N: "Normal (N)", H: "High (H)", M: "Missing" };
const TITLE: Record<ShiftDirection, string> = {
  low: "Lowest category after baseline",
  high: "Highest category after baseline",
};

const cellLabel = (n: number, direction: ShiftDirection, b: ShiftCategory, w: ShiftCategory) =>
  `${n} subjects with baseline ${NAME[b]} and ${direction}est after baseline ${NAME[w]}`;

const cellStyle = { textAlign: "right", padding: "0.25rem 0.75rem", border: "1px solid #cbd5e1" } as const;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function ShiftTable({
  counts,
  direction,
  caption,
  link,
}: {
  counts: ShiftCounts;
  direction: ShiftDirection;
  caption: string;
  link: (baseline: ShiftCategory, worst: ShiftCategory) => string;
}) {
  const columnTotal = (w: ShiftCategory) => sum(SHIFT_CATEGORIES.map((b) => counts[b][w]));
  return (
    <table style={{ borderCollapse: "collapse", margin: "0.5rem 1.5rem 0.5rem 0" }}>
      <caption style={{ textAlign: "left", fontWeight: 600 }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" rowSpan={2} style={cellStyle}>
            Baseline
          </th>
          <th scope="colgroup" colSpan={SHIFT_CATEGORIES.length} style={cellStyle}>
            {TITLE[direction]}
          </th>
          <th scope="col" rowSpan={2} style={cellStyle}>
            Total
          </th>
        </tr>
        <tr>
          {SHIFT_CATEGORIES.map((w) => (
            <th key={w} scope="col" style={cellStyle}>
              {NAME[w]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {SHIFT_CATEGORIES.map((b) => (
          <tr key={b}>
            <th scope="row" style={cellStyle}>
              {NAME[b]}
            </th>
            {SHIFT_CATEGORIES.map((w) => (
              <td key={w} style={cellStyle}>
                {counts[b][w] > 0 ? (
                  <Link href={link(b, w)} aria-label={cellLabel(counts[b][w], direction, b, w)}>
                    {counts[b][w]}
                  </Link>
                ) : (
                  0
                )}
              </td>
            ))}
            <td style={cellStyle}>{sum(SHIFT_CATEGORIES.map((w) => counts[b][w]))}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" style={cellStyle}>
            Total
          </th>
          {SHIFT_CATEGORIES.map((w) => (
            <td key={w} style={cellStyle}>
              {columnTotal(w)}
            </td>
          ))}
          <td style={cellStyle}>{sum(SHIFT_CATEGORIES.map(columnTotal))}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function ShiftTables({
  shift,
  unit,
  testName,
  base,
  query,
}: {
  shift: { low: ShiftCounts; high: ShiftCounts };
  unit: string | null;
  testName: string;
  base: string;
  query: LabQuery;
}) {
  const link = (direction: ShiftDirection) => (baseline: ShiftCategory, worst: ShiftCategory) =>
    labHref(base, { ...query, unit, visit: undefined, show: "all", shift: { direction, baseline, worst } }, "#results");
  return (
    <div style={{ display: "flex", flexWrap: "wrap" }}>
      {(["low", "high"] as const).map((direction) => (
        <ShiftTable
          key={direction}
          counts={shift[direction]}
          direction={direction}
          caption={
            `Shift table of ${testName} in ${unitLabel(unit)}: ` +
            `baseline against the ${TITLE[direction].toLowerCase()} (subjects)`
          }
          link={link(direction)}
        />
      ))}
    </div>
  );
}

/**
 * The two shift tables of one series (docs/clinical-rules.md, Shift tables): baseline category in rows, the lowest
 * (or highest) category after baseline in columns; each count, totals included, opens the listing of its subjects.
 */
import Link from "next/link";
import { ExportControl } from "@/components/export/ExportControl";
import { SHIFT_CATEGORIES, type ShiftCategory, type ShiftDirection } from "@/lib/clinical/laboratory/shift";
import type { ExportKey } from "@/sections/frame/export-keys";
import { type LabQuery, resultsHref } from "../query";
import { SHIFT_NAME, SHIFT_TITLE, shiftCaption, shiftTableArgument } from "../shift-table";
import { LAB_TABLES } from "../tables";
import type { ShiftCounts } from "../test-detail";
import styles from "./laboratory.module.css";

const NAME = SHIFT_NAME;
const TITLE = SHIFT_TITLE;

type Any = ShiftCategory | null;

/** What a count counts, in words: a null category (a total) is any category. */
function countLabel(n: number, direction: ShiftDirection, b: Any, w: Any) {
  const parts = [...(b ? [`baseline ${NAME[b]}`] : []), ...(w ? [`${direction}est after baseline ${NAME[w]}`] : [])];
  const which = parts.length ? `with ${parts.join(" and ")}` : `in the ${direction}est-category shift table`;
  return `${n} subjects ${which}`;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Where a count leads: the listing of the subjects of a cell or total (a null category: any). */
type ShiftLink = (baseline: Any, worst: Any) => string;

/** A count links to its subjects' results; a zero has none to show. */
function CountCell({
  n,
  direction,
  b,
  w,
  link,
}: {
  n: number;
  direction: ShiftDirection;
  b: Any;
  w: Any;
  link: ShiftLink;
}) {
  return (
    <td className={styles.shiftCell}>
      {n > 0 ? (
        <Link href={link(b, w)} aria-label={countLabel(n, direction, b, w)}>
          {n}
        </Link>
      ) : (
        0
      )}
    </td>
  );
}

/** The two header rows: baseline, the categories after baseline under their title, and the total. */
function ShiftHead({ direction }: { direction: ShiftDirection }) {
  return (
    <thead>
      <tr>
        <th scope="col" rowSpan={2} className={styles.shiftCell}>
          Baseline
        </th>
        <th scope="colgroup" colSpan={SHIFT_CATEGORIES.length} className={styles.shiftCell}>
          {TITLE[direction]}
        </th>
        <th scope="col" rowSpan={2} className={styles.shiftCell}>
          Total
        </th>
      </tr>
      <tr>
        {SHIFT_CATEGORIES.map((w) => (
          <th key={w} scope="col" className={styles.shiftCell}>
            {NAME[w]}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The last row: each column's total, and the total of the table. */
function TotalRow({ counts, ...cell }: { counts: ShiftCounts; direction: ShiftDirection; link: ShiftLink }) {
  const columnTotal = (w: ShiftCategory) => sum(SHIFT_CATEGORIES.map((b) => counts[b][w]));
  return (
    <tr>
      <th scope="row" className={styles.shiftCell}>
        Total
      </th>
      {SHIFT_CATEGORIES.map((w) => (
        <CountCell key={w} n={columnTotal(w)} b={null} w={w} {...cell} />
      ))}
      <CountCell n={sum(SHIFT_CATEGORIES.map(columnTotal))} b={null} w={null} {...cell} />
    </tr>
  );
}

function ShiftTable({
  counts,
  direction,
  caption,
  link,
  exportAs,
}: {
  counts: ShiftCounts;
  direction: ShiftDirection;
  caption: string;
  link: ShiftLink;
  exportAs: ExportKey;
}) {
  const rowTotal = (b: ShiftCategory) => sum(SHIFT_CATEGORIES.map((w) => counts[b][w]));
  const cell = { direction, link };
  return (
    <div className={styles.shiftTable}>
      <table>
        <caption>{caption}</caption>
        <ShiftHead direction={direction} />
        <tbody>
          {SHIFT_CATEGORIES.map((b) => (
            <tr key={b}>
              <th scope="row" className={styles.shiftCell}>
                {NAME[b]}
              </th>
              {SHIFT_CATEGORIES.map((w) => (
                <CountCell key={w} n={counts[b][w]} b={b} w={w} {...cell} />
              ))}
              <CountCell n={rowTotal(b)} b={b} w={null} {...cell} />
            </tr>
          ))}
          <TotalRow counts={counts} {...cell} />
        </tbody>
      </table>
      <ExportControl {...exportAs} label={caption} />
    </div>
  );
}

export function ShiftTables({
  shift,
  unit,
  testName,
  base,
  query,
  index,
}: {
  shift: { low: ShiftCounts; high: ShiftCounts };
  unit: string | null;
  testName: string;
  base: string;
  query: LabQuery;
  /** The series' place among the test's units, which names its tables among the exports. */
  index: number;
}) {
  const link = (direction: ShiftDirection) => (baseline: Any, worst: Any) =>
    resultsHref(base, { ...query, unit, visit: undefined, show: "all", shift: { direction, baseline, worst } });
  return (
    <div className={styles.shiftTables}>
      {(["low", "high"] as const).map((direction) => (
        <ShiftTable
          key={direction}
          counts={shift[direction]}
          direction={direction}
          caption={shiftCaption(testName, unit, direction)}
          link={link(direction)}
          exportAs={LAB_TABLES.key("shift", shiftTableArgument(direction, index))}
        />
      ))}
    </div>
  );
}

/**
 * The clinical study report's first AE table: subjects of the Group with any AE, grade >= 3, grade 5, a related
 * AE, an ongoing AE, each n (%) of N, and the number of events; each count opens the events behind it.
 */
import Link from "next/link";
import styles from "@/components/data-table/data-table.module.css";
import { nPercent } from "@/lib/clinical/ae-summary";
import { type AeViewProps, type ListingParams, listingHref } from "./ae-links";

interface Line {
  label: string;
  n: number;
  /** A number of events, not of subjects: no percentage. */
  events?: boolean;
  filter: ListingParams;
}

export function AeOverviewTable({ view, path, current }: AeViewProps) {
  const o = view.overview;
  const group = { scope: "group" };
  const lines: Line[] = [
    { label: "Subjects with any adverse event", n: o.any, filter: group },
    {
      label: "Subjects with an adverse event of grade 3 or more",
      n: o.gradeAtLeast3,
      filter: { ...group, grade: "ge3" },
    },
    { label: "Subjects with an adverse event of grade 5 (death)", n: o.grade5, filter: { ...group, grade: "5" } },
    { label: "Subjects with a related adverse event", n: o.related, filter: { ...group, related: "1" } },
    { label: "Subjects with an ongoing adverse event", n: o.ongoing, filter: { ...group, ongoing: "1" } },
    { label: "Adverse events (records)", n: o.events, events: true, filter: group },
  ];
  return (
    <div className={styles.wrap}>
      <table className={styles.table} style={{ width: "auto" }}>
        <caption>Overview of adverse events: n (%) of N = {o.n} subjects in the study&apos;s Group</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">n (%)</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.label}>
              <th scope="row" style={{ textAlign: "left", fontWeight: "normal" }}>
                {line.label}
              </th>
              <td className={styles.number}>
                {line.n === 0 ? (
                  "0"
                ) : (
                  <Link href={listingHref(path, current, line.filter)}>
                    {line.events ? String(line.n) : nPercent(line.n, o.n)}
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

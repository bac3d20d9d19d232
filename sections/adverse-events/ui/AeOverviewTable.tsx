/**
 * The clinical study report's first AE table: subjects of the Group with any AE, grade >= 3, grade 5, a related
 * AE, an ongoing AE, each n (%) of N, and the number of events; each count opens the events behind it.
 */
import Link from "next/link";
import styles from "@/components/data-table/data-table.module.css";
import { ExportControl } from "@/components/export/ExportControl";
import { nPercent } from "@/lib/clinical/adverse-events/summary";
import { type AeViewProps, listingHref } from "../links";
import { overviewCaption, overviewLines } from "../summary-tables";

export function AeOverviewTable({ view, path, current }: AeViewProps) {
  const o = view.overview;
  const lines = overviewLines(o);
  return (
    <div className={styles.wrap}>
      <table className={styles.table} style={{ width: "auto" }}>
        <caption>{overviewCaption(o.n)}</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col" className={styles.number}>
              n (%)
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.label}>
              <th scope="row">{line.label}</th>
              <td className={styles.number}>
                {line.n === 0 ? (
                  "0"
                ) : (
                  <Link href={listingHref(path, current, line.filter)}>
                    {line.events ? line.n.toLocaleString("en") : nPercent(line.n, o.n)}
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ExportControl view="adverse-events" table="overview" label={overviewCaption(o.n)} />
    </div>
  );
}

/**
 * The clinical study report's first AE table: subjects of the Group with any AE, grade >= 3, grade 5, a related
 * AE, an ongoing AE, each n (%) of N, and the number of events; each count opens the events behind it.
 */
import Link from "next/link";
import tableStyles from "@/components/data-table/data-table.module.css";
import { ExportControl } from "@/components/export/ExportControl";
import { nPercent } from "@/lib/clinical/adverse-events/summary";
import { listingHref } from "../query";
import { AE_TABLES, overviewCaption, overviewLines } from "../tables";
import styles from "./adverse-events.module.css";
import type { AePartProps } from "./part-props";

export function AeOverviewTable({ view, base, carried }: AePartProps) {
  const o = view.overview;
  const { teae, relatedness } = view.query.filter;
  const lines = overviewLines(o, relatedness);
  return (
    <div className={tableStyles.wrap}>
      <table className={`${tableStyles.table} ${styles.overview}`}>
        <caption>{overviewCaption(o.n, teae)}</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col" className={tableStyles.number}>
              n (%)
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.label}>
              <th scope="row">{line.label}</th>
              <td className={tableStyles.number}>
                {line.n === 0 ? (
                  "0"
                ) : (
                  <Link href={listingHref(base, carried, line.filter)}>
                    {line.events ? line.n.toLocaleString("en") : nPercent(line.n, o.n)}
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ExportControl {...AE_TABLES.key("overview")} label={overviewCaption(o.n, teae)} />
    </div>
  );
}

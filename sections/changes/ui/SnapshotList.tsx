/**
 * The study's snapshots, newest first (docs/snapshots.md, Past snapshots): when each was taken, how many record
 * types were kept with it, its fingerprint, and the study opened as it was then (read-only; the latest opens the
 * study's current data), at its subject list.
 */
import Link from "next/link";
import styles from "@/components/data-table/data-table.module.css";
import { sectionHref } from "@/sections/frame/addresses";
import { SNAPSHOT_PARAM } from "@/sections/frame/study-filter";
import { KEEP_ATTRIBUTE } from "@/sections/frame/study-filter-keep";
import type { ChangesView } from "../load";
import { snapshotWords } from "../tables";

export const SNAPSHOT_LIST_CAPTION = "Snapshots of the study, newest first";

export function SnapshotList({ view, studyHref }: { view: ChangesView; studyHref: string }) {
  const subjects = sectionHref(studyHref, "subjects");
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption>{SNAPSHOT_LIST_CAPTION}</caption>
        <thead>
          <tr>
            <th scope="col">Taken (UTC)</th>
            <th scope="col" className={styles.number}>
              Record types kept
            </th>
            <th scope="col">Fingerprint</th>
            <th scope="col">Open</th>
          </tr>
        </thead>
        <tbody>
          {view.snapshots.map((s, i) => (
            <tr key={s.id}>
              <th scope="row">{snapshotWords(s.takenAt)}</th>
              <td className={styles.number}>{s.kept}</td>
              <td>
                <code title={s.fingerprint}>{s.fingerprint.slice(0, 12)}</code>
              </td>
              <td>
                {i === 0 ? (
                  // It leaves a past snapshot: the study filter's keeper must not carry one onto it.
                  <Link href={subjects} {...{ [KEEP_ATTRIBUTE]: "set" }}>
                    The latest data
                  </Link>
                ) : (
                  <Link href={`${subjects}?${new URLSearchParams({ [SNAPSHOT_PARAM]: String(s.id) })}`}>
                    The study as of {snapshotWords(s.takenAt)}
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

/**
 * One short line naming the convention behind a page's derived numbers, linked
 * to the section of the clinical rules that states it (docs/clinical-rules.md,
 * served at /rules). `anchor` is that section's heading anchor; a unit test
 * checks that every anchor the sections use exists in the document.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { rulesHref } from "@/lib/rules-doc/address";
import styles from "./study.module.css";

export function Convention({ anchor, children }: { anchor: string; children: ReactNode }) {
  return (
    <p className={styles.convention}>
      {children} <Link href={rulesHref(anchor)}>How this is counted</Link>
    </p>
  );
}

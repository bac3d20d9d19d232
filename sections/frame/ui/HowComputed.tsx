/**
 * A section's method in a disclosure under its heading (docs/design.md, Method disclosures): one line, "How this
 * is computed" and an optional gist, visible; the full text with its links to the clinical rules (Convention
 * lines, paragraphs) one click or key press away. A native <details>: the browser gives it its keyboard handling,
 * its expanded state to a screen reader, and opens it when a link or a search finds text inside it.
 */
import type { ReactNode } from "react";
import styles from "./how-computed.module.css";

export function HowComputed({ gist, children }: { gist?: ReactNode; children: ReactNode }) {
  return (
    <details className={styles.method}>
      <summary>
        <span className={styles.label}>How this is computed</span>
        {gist ? <span className={styles.gist}>: {gist}</span> : null}
      </summary>
      <div className={styles.body}>{children}</div>
    </details>
  );
}

/** The clinical rules document, rendered from the project's own Markdown (lib/rules-doc). */
import styles from "./rules.module.css";

export function RulesDocument({ html }: { html: string }) {
  // The HTML comes from docs/clinical-rules.md, a file of the project, rendered at build time.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted project document, no user input
  return <article className={styles.rules} dangerouslySetInnerHTML={{ __html: html }} />;
}

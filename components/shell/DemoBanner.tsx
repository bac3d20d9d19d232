import styles from "./shell.module.css";

/** Shown on every page in demo mode, so nobody mistakes the demo for the real portal. */
export function DemoBanner({ credentials }: { credentials?: { email: string; password: string } }) {
  return (
    <aside className={styles.demo} aria-label="Demo mode">
      <strong>Demo mode.</strong> This portal shows synthetic trial data and uses published demo accounts; do not enter
      real credentials or patient data.
      {credentials && (
        <>
          {" "}
          Sign in as <code>{credentials.email}</code> with the password <code>{credentials.password}</code>.
        </>
      )}
    </aside>
  );
}

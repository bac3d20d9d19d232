/**
 * The studies list of the home page (docs/design.md, The studies list): a card per connection, named by its
 * heading, with its health in one word (after a failed load, what to do about it); a row per study with its access
 * state, the counts the portal holds (each a link to the page that lists those records) and the time of its latest
 * data, or "Not loaded yet".
 */
import Link from "next/link";
import { errorAdvice } from "@/components/feedback/error-advice";
import uiStyles from "@/components/ui/ui.module.css";
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import type { CountKind, StudyRow } from "@/lib/study/studies-home";
import type { ConnectionRow } from "@/lib/study/studies-home-data";
import type { AccessWord, HealthWord, State } from "@/lib/study/studies-home-state";
import { studyPath } from "@/lib/study/study-route";
import styles from "./studies.module.css";

/** Where each count leads: the section of the study that lists those records ("" is the study's own page). */
export type CountPages = Record<CountKind, string>;

const COUNT = new Intl.NumberFormat("en-GB");

const TONE: Record<HealthWord | AccessWord, keyof typeof styles> = {
  Working: "good",
  Granted: "good",
  Refused: "bad",
  Unreachable: "bad",
  Unusable: "bad",
  Failing: "doubtful",
  "Not tried": "unknown",
};

const BASIS: Record<string, string> = {
  load: "last load",
  answer: "last answer",
  test: "last test",
  change: "changed",
  "failed load": "load failed",
};

/** What the user can do about a failed load, in the words the study page would give (components/feedback). */
function FailureAdvice({ connection: c }: { connection: ConnectionRow }) {
  if (!c.health.failure) return null;
  const { detail } = errorAdvice(c.health.failure, { partnerId: c.partnerId, again: "open the study again" });
  return <p className={styles.advice}>{detail}</p>;
}

function When({ at }: { at: number | string }) {
  const time = new Date(at);
  return <time dateTime={time.toISOString()}>{utcDateTimeWords(time.getTime())} UTC</time>;
}

/** A state's word, its reason after a colon ("Refused: not granted"), coloured by what it means. */
export function StateWord<W extends HealthWord | AccessWord>({ state }: { state: State<W> }) {
  return (
    <span className={`${styles.state} ${styles[TONE[state.word]]}`} data-state={state.word}>
      {state.word}
      {state.reason ? `: ${state.reason}` : null}
    </span>
  );
}

export function StudiesList({ connections, pages }: { connections: ConnectionRow[]; pages: CountPages }) {
  return (
    <div className={uiStyles.cardList}>
      {connections.map((c) => (
        <section key={c.id} aria-labelledby={`conn-${c.id}`} className={`${uiStyles.card} ${styles.connection}`}>
          <h2 id={`conn-${c.id}`}>{c.name}</h2>
          <p className={styles.meta}>
            Partner ID {c.partnerId} · Connection: <StateWord state={c.health} />
            {c.health.basis ? (
              <>
                {" "}
                ({BASIS[c.health.basis.what] ?? c.health.basis.what} <When at={c.health.basis.at} />)
              </>
            ) : null}
            {c.health.word !== "Working" ? (
              <>
                {" "}
                · <Link href="/settings/connections">Test it in Settings</Link>
              </>
            ) : null}
          </p>
          <FailureAdvice connection={c} />
          {c.studies.length === 0 ? (
            <p>
              No study numbers on this connection yet. Add them in <Link href="/settings/connections">Settings</Link>.
            </p>
          ) : (
            <ul className={styles.rows} aria-label={`Studies of ${c.name}`}>
              {c.studies.map((s) => (
                <StudyLine key={s.study} connectionId={c.id} row={s} pages={pages} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function StudyLine({ connectionId, row, pages }: { connectionId: string; row: StudyRow; pages: CountPages }) {
  const href = studyPath({ connectionId, study: row.study });
  const { held } = row;
  return (
    <li className={styles.row} data-study={row.study}>
      <p>
        <Link href={href} className={styles.study}>
          {row.study}
        </Link>{" "}
        <StateWord state={row.access} />
      </p>
      {held === null ? (
        <p className={styles.notLoaded}>Not loaded yet</p>
      ) : (
        <>
          {held.counts.length > 0 ? (
            <ul className={styles.counts} aria-label={`What the portal holds of ${row.study}`}>
              {held.counts.map((c) => (
                <li key={c.kind}>
                  <Link href={pages[c.kind] ? `${href}/${pages[c.kind]}` : href}>
                    {COUNT.format(c.n)} {c.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <p className={styles.asOf}>
            Data as of <When at={held.loadedAt} />
          </p>
        </>
      )}
    </li>
  );
}

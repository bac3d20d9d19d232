"use client";
/**
 * The choice of subjects whose lines the charts draw, kept in the URL (`subject=`, at most MAX_LINES), so that a
 * link reproduces it. Only subjects with results of the test can be chosen.
 */
import { usePathname, useRouter } from "next/navigation";
import { useId, useState } from "react";
import uiStyles from "@/components/ui/ui.module.css";
import { MAX_LINES } from "../query";
import styles from "./laboratory.module.css";

export function SubjectPicker({ subjects, chosen }: { subjects: string[]; chosen: string[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const id = useId();
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const go = (next: string[]) => {
    const searchParams = new URLSearchParams(window.location.search);
    searchParams.delete("subject");
    for (const s of next) searchParams.append("subject", s);
    router.push(`${pathname}?${searchParams}`, { scroll: false });
  };
  const add = () => {
    const subject = typed.trim();
    if (!subjects.includes(subject))
      return setProblem("Choose a subject of the list: that one has no results of this test.");
    if (chosen.length >= MAX_LINES) return setProblem(`At most ${MAX_LINES} lines: remove one first.`);
    setProblem(null);
    setTyped("");
    if (!chosen.includes(subject)) go([...chosen, subject]);
  };
  return (
    <fieldset className={styles.subjectPicker}>
      <legend>Subjects&apos; lines on the charts</legend>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
        className={uiStyles.toolbar}
      >
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input id={`${id}-subject`} list={`${id}-subjects`} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <datalist id={`${id}-subjects`}>
          {subjects.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <button type="submit" disabled={chosen.length >= MAX_LINES}>
          Add line
        </button>
        <span>
          {chosen.length} of at most {MAX_LINES} chosen; {subjects.length} subjects have results of this test.
        </span>
      </form>
      {problem ? <p role="alert">{problem}</p> : null}
      <ChosenLines chosen={chosen} go={go} />
    </fieldset>
  );
}

/** The chosen subjects, each with its Remove, and Remove all. */
function ChosenLines({ chosen, go }: { chosen: string[]; go: (next: string[]) => void }) {
  if (chosen.length === 0) return null;
  return (
    <ul className={uiStyles.inlineList}>
      {chosen.map((s) => (
        <li key={s}>
          {s}{" "}
          <button
            type="button"
            onClick={() => go(chosen.filter((c) => c !== s))}
            aria-label={`Remove the line of ${s}`}
          >
            Remove
          </button>
        </li>
      ))}
      <li>
        <button type="button" onClick={() => go([])}>
          Remove all lines
        </button>
      </li>
    </ul>
  );
}

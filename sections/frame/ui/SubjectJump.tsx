"use client";
/**
 * The study header's jump to a subject: type a subject ID, open its profile in this study (../subject-jump.ts).
 * An empty or overlong ID says so at the box; an ID the study does not have opens the profile's "not found".
 */
import { useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, useId, useState } from "react";
import { MAX_TYPED_ID, subjectJumpHref } from "../subject-jump";
import styles from "./study.module.css";

export function SubjectJump({ studyHref }: { studyHref: string }) {
  const router = useRouter();
  const search = useSearchParams().toString();
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("subject") ?? "");
    const href = subjectJumpHref(studyHref, typed, search);
    if (href === null) {
      setProblem(`Type a subject ID of this study (at most ${MAX_TYPED_ID} characters).`);
      return;
    }
    setProblem(null);
    router.push(href);
  };
  return (
    <form aria-label="Go to a subject" className={styles.jump} onSubmit={onSubmit}>
      <label htmlFor={`${id}-subject`}>Subject ID</label>
      <input
        id={`${id}-subject`}
        name="subject"
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_TYPED_ID * 2}
        placeholder="e.g. 101-0001"
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-invalid={problem ? true : undefined}
      />
      <button type="submit">Open profile</button>
      <p id={`${id}-problem`} role="status" className={styles.jumpProblem}>
        {problem}
      </p>
    </form>
  );
}

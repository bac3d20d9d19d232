"use client";
/**
 * The spider plot's legend, which also chooses its subjects: each drawn subject (its line's colour and dash, its
 * BOR) is a pressed button that takes it off the plot; the other subjects, folded away, are buttons that add
 * one, up to the limit. The choice is the URL's `subjects=` list, so that a link (from the waterfall, say)
 * reproduces it; taking every subject off returns to the default choice. The drawn subjects are a list that scrolls
 * within a fixed height, off the plot however many there are; pointing at one or focusing it highlights its line
 * (./spider-highlight.tsx).
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { Symbols } from "recharts";
import { CHART_INK } from "@/components/charts/palette";
import { MAX_SPIDER_SUBJECTS } from "../query";
import { crossPath, starPath } from "./marks";
import { ResponseLegend } from "./ResponseLegend";
import { RESPONSE_COLOUR, RESPONSE_DASH, RESPONSE_MARKER } from "./response-look";
import type { SpiderSubject } from "./spider-data";
import { highlightHandlers, useHighlight } from "./spider-highlight";
import styles from "./tumour-response.module.css";

interface Props {
  drawn: SpiderSubject[];
  subjects: SpiderSubject[];
  asked: boolean;
}

export function SpiderLegend({ drawn, subjects, asked }: Props) {
  const [pending, go] = useSubjectsChoice();
  const highlight = useHighlight();
  const ids = drawn.map((s) => s.subjectId);
  const drawnSet = new Set(ids);
  const others = subjects.filter((s) => !drawnSet.has(s.subjectId));
  return (
    <div aria-busy={pending}>
      <ResponseLegend
        title="Line colours and markers"
        sample="marker"
        marks={[
          { key: "pd", mark: <Mark d={crossPath(8, 8, 5)} stroke />, text: "First progression" },
          { key: "nl", mark: <Mark d={starPath(8, 8, 6)} />, text: "New lesion" },
        ]}
      />
      <p id="spider-legend-help">
        Subjects drawn ({ids.length}): point at one or focus it to highlight its line; press it to take it off the plot.
      </p>
      <ul aria-describedby="spider-legend-help" className={`${styles.subjectChoice} ${styles.subjectScroll}`}>
        {drawn.map((s) => (
          <li key={s.subjectId}>
            <button
              type="button"
              aria-pressed="true"
              {...highlightHandlers(highlight.set, s.subjectId)}
              onClick={() => {
                highlight.set(null);
                go(ids.filter((id) => id !== s.subjectId));
              }}
            >
              <LineSample subject={s} /> {s.subjectId} ({s.bor})
            </button>
          </li>
        ))}
      </ul>
      {others.length ? <OtherSubjects others={others} ids={ids} go={go} /> : null}
      {asked ? (
        <button type="button" onClick={() => go(null)}>
          Back to the default choice
        </button>
      ) : null}
    </div>
  );
}

type Choose = (next: string[] | null) => void;

/** The subjects chosen as the URL's `subjects=` list (null or none: the default choice), and whether it is loading. */
function useSubjectsChoice(): [boolean, Choose] {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  const go: Choose = (next) => {
    const chosen = new URLSearchParams(searchParams.toString());
    if (next && next.length > 0) chosen.set("subjects", next.join(","));
    else chosen.delete("subjects");
    const q = chosen.toString();
    startTransition(() => router.push(`${pathname}${q ? `?${q}` : ""}`, { scroll: false }));
  };
  return [pending, go];
}

/** The subjects not drawn, folded away, each a button that adds it while fewer than the limit are drawn. */
function OtherSubjects({ others, ids, go }: { others: SpiderSubject[]; ids: string[]; go: Choose }) {
  const full = ids.length >= MAX_SPIDER_SUBJECTS;
  return (
    <details>
      <summary>
        Add a subject ({others.length} more{full ? `; at most ${MAX_SPIDER_SUBJECTS} are drawn at once` : ""})
      </summary>
      <ul className={styles.subjectChoice}>
        {others.map((s) => (
          <li key={s.subjectId}>
            <button type="button" aria-pressed="false" disabled={full} onClick={() => go([...ids, s.subjectId])}>
              {s.subjectId} ({s.bor})
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The subject's line as the plot draws it: its BOR's colour, dash and marker. */
function LineSample({ subject }: { subject: SpiderSubject }) {
  return (
    <svg width={28} height={10} aria-hidden="true">
      <line
        x1={0}
        y1={5}
        x2={28}
        y2={5}
        stroke={RESPONSE_COLOUR[subject.bor]}
        strokeDasharray={RESPONSE_DASH[subject.bor]}
        strokeWidth={2}
      />
      <Symbols type={RESPONSE_MARKER[subject.bor]} cx={14} cy={5} size={30} fill={RESPONSE_COLOUR[subject.bor]} />
    </svg>
  );
}

function Mark({ d, stroke = false }: { d: string; stroke?: boolean }) {
  return (
    <svg width={16} height={16} aria-hidden="true">
      <path d={d} fill={stroke ? "none" : CHART_INK} stroke={stroke ? CHART_INK : "none"} strokeWidth={2.5} />
    </svg>
  );
}

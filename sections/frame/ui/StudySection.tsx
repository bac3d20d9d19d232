/**
 * The frame every study section renders its data in (a server component), so
 * that all sections load, wait, fail and refresh alike: it starts the
 * section's one loader, streams progress while it runs, then shows "Data as
 * of" (of exactly the rows shown) with Refresh, the data notes and the
 * section's content, or says what went wrong and what to do next. It lives in
 * each page rather than in the study layout because layouts are not rendered
 * again when the user moves between sections. Only the view reaches the
 * client; credentials never do.
 */
import Link from "next/link";
import { type ReactNode, Suspense } from "react";
import { errorAdvice } from "@/components/feedback/error-advice";
import { failureOf } from "@/lib/connections/failure";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { SectionData } from "@/lib/study/section-data";
import { studyPath } from "@/lib/study/study-route";
import { sectionHref } from "../addresses";
import { isPastSnapshotError } from "../past-study";
import { LatestDataLink } from "./LatestDataLink";
import { DataAsOf, type DataNote, DataQualityNotes, ErrorBox, When } from "./notices";
import { type RefreshAction, RefreshButton } from "./RefreshButton";
import { SaveViewButton } from "./SaveViewButton";
import { StreamedProgress } from "./StreamedProgress";
import styles from "./study.module.css";

export interface StudySectionProps<V extends SectionData> {
  access: UserStudy;
  /** The heading: the section's title, or a page's below it (a subject's profile below Subjects). */
  title: string;
  /** The section's tabs (its own navigation under its heading), shown while the data loads too. */
  tabs?: ReactNode;
  /** The section's one loader (e.g. loadSubjectList); called once, only for a study on the connection's list. */
  load: (study: UserStudy) => Promise<V>;
  /** The page reads a past study snapshot (the study filter's `snapshot`): read-only, no Refresh. */
  past?: boolean;
  /** The page can be saved as a view (docs/review.md, Saved views): every page but the saved views' own. */
  saveable?: boolean;
  refreshAction: RefreshAction;
  /**
   * The section's own data notes, in words, besides the refused records every section reports; a note's count may
   * link to the listing of its records (DataNote).
   */
  notes?: (view: V) => DataNote[];
  /** The section's content for the loaded view. */
  children: (view: V) => ReactNode;
}

export function StudySection<V extends SectionData>({ access, title, tabs, load, ...rest }: StudySectionProps<V>) {
  let body: ReactNode;
  if (!access.listed) {
    body = (
      <p role="alert">
        Study {access.study} is not on this connection&apos;s list of studies. Add it in{" "}
        <Link href="/settings/connections">Settings</Link> to open it here.
      </p>
    );
  } else {
    // Started here and awaited inside the boundary, so that the progress stream can watch the same load.
    const view = load(access);
    view.catch(() => undefined);
    body = (
      <Suspense fallback={<StreamedProgress progress={access.progress} done={view} />}>
        <SectionBody access={access} view={view} {...rest} />
      </Suspense>
    );
  }
  return (
    <section aria-labelledby="study-section-title" className={styles.section}>
      <h2 id="study-section-title">{title}</h2>
      {tabs}
      {body}
    </section>
  );
}

type BodyProps<V extends SectionData> = Omit<StudySectionProps<V>, "title" | "tabs" | "load"> & {
  view: Promise<V>;
};

async function SectionBody<V extends SectionData>(props: BodyProps<V>) {
  const { access, view, refreshAction, notes, children, past, saveable } = props;
  const studyHref = studyPath({ connectionId: access.connection.id, study: access.study });
  const refresh = (
    <RefreshButton
      action={refreshAction}
      connectionId={access.connection.id}
      study={access.study}
      progressUrl={`${studyHref}/progress`}
    />
  );
  let data: V;
  try {
    data = await view;
  } catch (error) {
    if (isPastSnapshotError(error))
      return (
        <p role="alert">
          {error.message} <LatestDataLink>Open the latest data</LatestDataLink>
        </p>
      );
    const failure = failureOf(error);
    if (!failure) throw error;
    return <ErrorBox advice={errorAdvice(failure, { partnerId: access.connection.partnerId })}>{refresh}</ErrorBox>;
  }
  return (
    <>
      <div className={styles.asOf}>
        {past ? (
          <p>
            <strong>A past snapshot</strong>: the data as they were on <When at={data.asOf} />, read-only.{" "}
            <LatestDataLink>Open the latest data</LatestDataLink>
          </p>
        ) : (
          <>
            <DataAsOf asOf={data.asOf} loads={data.loads} />
            {refresh}
          </>
        )}
        {saveable ? (
          <SaveViewButton
            connectionId={access.connection.id}
            study={access.study}
            viewsHref={sectionHref(studyHref, "views")}
          />
        ) : null}
      </div>
      <DataQualityNotes rejected={data.rejected} notes={notes?.(data)} />
      {children(data)}
    </>
  );
}

/**
 * The frame of every tumour-response plot's page: the study section with its loader (under the URL's response
 * options) and its views' navigation; a study without response data says so instead of drawing anything. Its data
 * notes are the summary's (what no response can use, assessments set aside) and the plot's own (the subjects it
 * has no place for, by reason: ./plot-notes.ts).
 */
import type { ReactNode } from "react";
import type { DataNote } from "@/components/study/notices";
import type { RefreshAction } from "@/components/study/RefreshButton";
import { StudySection } from "@/components/study/StudySection";
import type { SectionPlace } from "@/components/study/section-page";
import { loadTumourResponse, type TumourResponseView } from "@/lib/study-views/load-tumour-response";
import type { UserStudy } from "@/lib/study-views/open-user-study";
import type { ResponseQuery } from "@/lib/study-views/response-query";
import { NoResponseData } from "./NoResponseData";
import type { PlotNoteLinks } from "./plot-notes";
import { ResponseViews } from "./ResponseViews";
import { leftOutHref, NO_BAR_ANCHOR, subjectResponseHref } from "./response-links";
import { joinNotes, setAsideNotes } from "./response-notes";

interface Props {
  access: UserStudy;
  place: SectionPlace;
  query: ResponseQuery;
  refreshAction: RefreshAction;
  /** The plot's note of the subjects it has no place for (./plot-notes.ts). */
  plotNote: (subjects: TumourResponseView["subjects"], links: PlotNoteLinks) => DataNote | null;
  children: (view: TumourResponseView) => ReactNode;
}

export function ResponseSection({ access, place, query, refreshAction, plotNote, children }: Props) {
  const notes = (view: TumourResponseView): DataNote[] => {
    if (!view.hasResponseData) return [];
    const links = { leftOut: leftOutHref.bind(null, place.studyHref, query), noBar: `#${NO_BAR_ANCHOR}` };
    const own = plotNote(view.subjects, links);
    return [
      ...joinNotes(view.counts),
      ...setAsideNotes(view.subjects, (id) => subjectResponseHref(place.studyHref, query, id)),
      ...(own ? [own] : []),
    ];
  };
  return (
    <StudySection
      access={access}
      section="tumour-response"
      load={(study) => loadTumourResponse(study, query.options)}
      refreshAction={refreshAction}
      views={<ResponseViews studyHref={place.studyHref} query={query} />}
      notes={notes}
    >
      {(view) => (view.hasResponseData ? children(view) : <NoResponseData study={place.study} />)}
    </StudySection>
  );
}

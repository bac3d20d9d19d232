/**
 * The frame of every tumour-response plot's page: the study section with its loader (under the URL's response
 * options) and its views' navigation; a study without response data says so instead of drawing anything. Its data
 * notes are the summary's (what no response can use, assessments set aside) and the plot's own (the subjects it
 * has no place for, by reason: ./plot-notes.ts).
 */
import type { ReactNode } from "react";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { SectionPlace } from "@/sections/frame/section-place";
import type { DataNote } from "@/sections/frame/ui/notices";
import type { RefreshAction } from "@/sections/frame/ui/RefreshButton";
import { StudySection } from "@/sections/frame/ui/StudySection";
import { loadTumourResponse, type TumourResponseView } from "@/sections/tumour-response/load";
import type { ResponseQuery } from "@/sections/tumour-response/query";
import { leftOutHref, NO_BAR_ANCHOR, subjectResponseHref } from "../links";
import { joinNotes, setAsideNotes } from "../notes";
import type { PlotNoteLinks } from "../plot-notes";
import { NoResponseData } from "./NoResponseData";
import { ResponseViews } from "./ResponseViews";

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
      tabs={<ResponseViews studyHref={place.studyHref} query={query} />}
      notes={notes}
    >
      {(view) => (view.hasResponseData ? children(view) : <NoResponseData study={place.study} />)}
    </StudySection>
  );
}

/**
 * The frame of every tumour-response plot's page: the study section with its loader (under the URL's response
 * options) and its views' navigation; a study without response data says so instead of drawing anything.
 */
import type { ReactNode } from "react";
import type { RefreshAction } from "@/components/study/RefreshButton";
import { StudySection } from "@/components/study/StudySection";
import type { SectionPlace } from "@/components/study/section-page";
import { loadTumourResponse, type TumourResponseView } from "@/lib/study-views/load-tumour-response";
import type { UserStudy } from "@/lib/study-views/open-user-study";
import type { ResponseQuery } from "@/lib/study-views/response-query";
import { NoResponseData } from "./NoResponseData";
import { ResponseViews } from "./ResponseViews";

interface Props {
  access: UserStudy;
  place: SectionPlace;
  query: ResponseQuery;
  refreshAction: RefreshAction;
  children: (view: TumourResponseView) => ReactNode;
}

export function ResponseSection({ access, place, query, refreshAction, children }: Props) {
  return (
    <StudySection
      access={access}
      section="tumour-response"
      load={(study) => loadTumourResponse(study, query.options)}
      refreshAction={refreshAction}
      views={<ResponseViews studyHref={place.studyHref} query={query} />}
    >
      {(view) => (view.hasResponseData ? children(view) : <NoResponseData study={place.study} />)}
    </StudySection>
  );
}

import type { PageSearchParams } from "@/lib/http/url";
import { studyRouteSchema } from "@/lib/study/study-route";
import { refreshStudy } from "@/sections/frame/actions";
import { openSectionPage } from "@/sections/frame/section-place";
import type { StudyParams } from "@/sections/frame/study-page";
import { shownSubjectId, subjectIdOf } from "@/sections/frame/subject-id";
import { StudySection } from "@/sections/frame/ui/StudySection";
import { isSubjectIdShape, loadResponseSubject } from "@/sections/tumour-response/load-subject";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { ResponseViews } from "@/sections/tumour-response/ui/ResponseViews";
import { SubjectResponseContent } from "@/sections/tumour-response/ui/SubjectResponseContent";

type Params = StudyParams & Promise<{ subjectId: string }>;

/** The subject ID as a title shows it: a valid one shortened when long, anything else not echoed. */
const titleId = (segment: string) => {
  const id = subjectIdOf(segment);
  return isSubjectIdShape(id) ? shownSubjectId(id) : "(not a subject ID)";
};

export async function generateMetadata({ params }: { params: Params }) {
  const { subjectId, ...route } = await params;
  const parsed = studyRouteSchema.safeParse(route);
  const study = parsed.success ? `${parsed.data.study} ` : "";
  return { title: `${study}tumour response of subject ${titleId(subjectId)} · Study Portal` };
}

/**
 * One subject's tumour response, below the section: /studies/<connection>/<study>/tumour-response/subjects/<ID>,
 * with the section's options in the URL.
 */
export default async function ResponseSubjectPage(props: { params: Params; searchParams: Promise<PageSearchParams> }) {
  const { access, place } = await openSectionPage(props, "tumour-response");
  const subjectId = subjectIdOf((await props.params).subjectId);
  const query = parseResponseQuery(place.searchParams);
  return (
    <StudySection
      access={access}
      section="tumour-response"
      title={`Tumour response of subject ${titleId(subjectId)}`}
      load={(study) => loadResponseSubject(study, subjectId, query.options)}
      refreshAction={refreshStudy}
      tabs={<ResponseViews studyHref={place.studyHref} query={query} />}
    >
      {(view) => (
        <SubjectResponseContent
          view={view}
          subjectId={subjectId}
          study={place.study}
          studyHref={place.studyHref}
          query={query}
          params={place.searchParams}
        />
      )}
    </StudySection>
  );
}

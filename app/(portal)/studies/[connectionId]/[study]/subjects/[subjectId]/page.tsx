import { type PageSearchParams, searchParamsOf } from "@/lib/http/url";
import { studyPath, studyRouteSchema } from "@/lib/study/study-route";
import { refreshStudy } from "@/sections/frame/actions";
import { openStudyPage, type StudyParams } from "@/sections/frame/study-page";
import { shownSubjectId, subjectIdOf } from "@/sections/frame/subject-id";
import { StudySection } from "@/sections/frame/ui/StudySection";
import { loadSubjectProfile } from "@/sections/subject-profile/load";
import { subjectProfileNotes } from "@/sections/subject-profile/notes";
import { SubjectProfileContent } from "@/sections/subject-profile/ui/SubjectProfileContent";

type Params = StudyParams & Promise<{ subjectId: string }>;

/** The browser title: the study and the subject ID, shortened when it is long. */
export async function generateMetadata({ params }: { params: Params }) {
  const { subjectId, ...route } = await params;
  const parsed = studyRouteSchema.safeParse(route);
  const study = parsed.success ? `${parsed.data.study} ` : "";
  return { title: `${study}subject ${shownSubjectId(subjectIdOf(subjectId))} · Study Portal` };
}

/** One subject's profile, below the study's Subjects section: /studies/<connection>/<study>/subjects/<subject ID>. */
export default async function SubjectProfilePage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<PageSearchParams>;
}) {
  const { route, access } = await openStudyPage(params);
  const subjectId = subjectIdOf((await params).subjectId);
  const query = searchParamsOf(await searchParams);
  return (
    <StudySection
      access={access}
      section=""
      title={`Subject ${shownSubjectId(subjectId)}`}
      load={(study) => loadSubjectProfile(study, subjectId, query)}
      refreshAction={refreshStudy}
      notes={subjectProfileNotes}
    >
      {(view) => <SubjectProfileContent view={view} studyHref={studyPath(route)} study={access.study} query={query} />}
    </StudySection>
  );
}

import { StudySection } from "@/components/study/StudySection";
import { SubjectProfileContent } from "@/components/subject/SubjectProfileContent";
import { shownSubjectId, subjectIdOf } from "@/components/subject/subject-id";
import { subjectProfileNotes } from "@/components/subject/subject-profile-notes";
import { type PageSearchParams, searchParamsOf } from "@/lib/http/url";
import { loadSubjectProfile } from "@/lib/study-views/load-subject-profile";
import { openStudyPage, type StudyParams } from "@/lib/study-views/study-page";
import { studyPath, studyRouteSchema } from "@/lib/study-views/study-route";
import { refreshStudy } from "../../actions";

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

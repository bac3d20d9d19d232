import { studyPath } from "@/lib/study/study-route";
import { loadSubjectList } from "@/lib/study/subject-list";
import { refreshStudy } from "@/sections/frame/actions";
import { sectionMetadata } from "@/sections/frame/section-metadata";
import { openStudyPage, type StudyParams } from "@/sections/frame/study-page";
import { StudySection } from "@/sections/frame/ui/StudySection";
import { subjectListNotes } from "@/sections/subjects/notes";
import { SubjectTable } from "@/sections/subjects/ui/SubjectTable";

/** The Subjects section: the study's own address, /studies/<connection>/<study>. */
export const generateMetadata = sectionMetadata("");

export default async function SubjectsPage({ params }: { params: StudyParams }) {
  const { route, access } = await openStudyPage(params);
  return (
    <StudySection
      access={access}
      section=""
      load={loadSubjectList}
      refreshAction={refreshStudy}
      notes={subjectListNotes}
    >
      {(view) => <SubjectTable view={view} study={access.study} studyHref={studyPath(route)} />}
    </StudySection>
  );
}

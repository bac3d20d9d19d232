import { StudySection } from "@/components/study/StudySection";
import { SubjectTable } from "@/components/study/SubjectTable";
import { sectionMetadata } from "@/components/study/section-metadata";
import { subjectListNotes } from "@/components/study/subject-list-notes";
import { loadSubjectList } from "@/lib/study-views/load-subject-list";
import { openStudyPage, type StudyParams } from "@/lib/study-views/study-page";
import { studyPath } from "@/lib/study-views/study-route";
import { refreshStudy } from "./actions";

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

import { studyPath, studyRouteSchema } from "@/lib/study/study-route";
import { refreshStudy } from "@/sections/frame/actions";
import { openStudyPage, type StudyParams } from "@/sections/frame/study-page";
import { StudySection } from "@/sections/frame/ui/StudySection";
import { liverNotes } from "@/sections/laboratory/liver-notes";
import { firstValues, parseLiverQuery } from "@/sections/laboratory/liver-query";
import { loadLiver } from "@/sections/laboratory/load-liver";
import { LaboratoryViews } from "@/sections/laboratory/ui/LaboratoryViews";
import { LiverSafety } from "@/sections/laboratory/ui/LiverSafety";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The browser title, e.g. "ONC-101 liver safety · Study Portal"; only a valid study number is echoed. */
export async function generateMetadata({ params }: { params: StudyParams }) {
  const parsed = studyRouteSchema.safeParse(await params);
  return { title: parsed.success ? `${parsed.data.study} liver safety · Study Portal` : "Study Portal" };
}

/** Liver safety (eDISH), a view of the Laboratory section; its thresholds and transaminase live in the URL. */
export default async function LiverPage({ params, searchParams }: { params: StudyParams; searchParams: SearchParams }) {
  const { route, access } = await openStudyPage(params);
  const query = parseLiverQuery(firstValues(await searchParams));
  return (
    <StudySection
      access={access}
      section="laboratory"
      load={(study) => loadLiver(study, query.params)}
      refreshAction={refreshStudy}
      notes={liverNotes}
      tabs={<LaboratoryViews studyHref={studyPath(route)} />}
    >
      {(view) => <LiverSafety view={view} query={query} studyHref={studyPath(route)} study={access.study} />}
    </StudySection>
  );
}

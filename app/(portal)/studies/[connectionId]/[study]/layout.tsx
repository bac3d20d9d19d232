import Link from "next/link";
import type { ReactNode } from "react";
import { ExportControl } from "@/components/export/ExportControl";
import { StudySectionNav } from "@/components/study/StudySectionNav";
import { STUDY_SECTIONS, sectionHref } from "@/components/study/sections";
import { openStudyPage, type StudyParams } from "@/lib/study-views/study-page";
import { studyPath } from "@/lib/study-views/study-route";

/**
 * The spine of every study section: where the user is, which study of which
 * connection, and the sections. It shows no data: each section's page loads
 * its own, in <StudySection>, with its own "data as of" and Refresh.
 */
export default async function StudyLayout({ params, children }: { params: StudyParams; children: ReactNode }) {
  const { route, access } = await openStudyPage(params);
  const { connection, study } = access;
  const links = STUDY_SECTIONS.map((s) => ({ href: sectionHref(studyPath(route), s.slug), title: s.title }));
  return (
    <main>
      <nav aria-label="Breadcrumb">
        <Link href="/">Studies</Link> / {connection.name} / {study}
      </nav>
      <h1>Study {study}</h1>
      <p>
        Connection {connection.name}, partner ID {connection.partnerId}
      </p>
      <div>
        <ExportControl pack label={`pack of study ${study}`} /> The study in the shape of CDISC SDTM as CSV and
        Dataset-JSON, data dictionary, derived tables, manifest.
      </div>
      <StudySectionNav links={links} />
      {children}
    </main>
  );
}

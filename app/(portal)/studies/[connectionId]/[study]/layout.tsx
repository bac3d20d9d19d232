import Link from "next/link";
import type { ReactNode } from "react";
import uiStyles from "@/components/ui/ui.module.css";
import { studyPath } from "@/lib/study/study-route";
import { sectionHref } from "@/sections/frame/addresses";
import { studyOffer } from "@/sections/frame/study-offer";
import { openStudyPage, type StudyParams } from "@/sections/frame/study-page";
import { StudyFilterChips } from "@/sections/frame/ui/StudyFilterChips";
import { StudyFilterKeeper } from "@/sections/frame/ui/StudyFilterKeeper";
import { OfferedSections, UnlessRefused } from "@/sections/frame/ui/StudyOffered";
import { StudyPack } from "@/sections/frame/ui/StudyPack";
import { SubjectJump } from "@/sections/frame/ui/SubjectJump";
import styles from "@/sections/frame/ui/study.module.css";
import { NAVIGATION } from "@/sections/registry";

/**
 * The spine of every study section: where the user is, which study of which
 * connection, and the sections and export pack that apply to the study
 * (sections/frame/study-offer.ts). It shows no data: each section's page loads
 * its own, in <StudySection>, with its own "data as of" and Refresh. Under its
 * header, the study filter that every section applies (docs/design.md, The
 * study filter); the jump to a subject at the right of the navigation.
 */
export default async function StudyLayout({ params, children }: { params: StudyParams; children: ReactNode }) {
  const { route, access } = await openStudyPage(params);
  const { connection, study } = access;
  const links = NAVIGATION.map((s) => ({ href: sectionHref(studyPath(route), s.slug), title: s.title }));
  // The sections and the export pack that apply to the study (a refused study: none).
  const offer = studyOffer(access);
  return (
    <main>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <Link href="/">Studies</Link> / {connection.name} / {study}
      </nav>
      <header className={styles.head}>
        <div>
          <h1>Study {study}</h1>
          <p className={styles.meta}>
            Connection {connection.name}, partner ID {connection.partnerId}
          </p>
        </div>
        <UnlessRefused offer={offer}>
          <div className={`${styles.pack} ${uiStyles.noPrint}`}>
            <StudyPack study={study} />
          </div>
        </UnlessRefused>
      </header>
      <StudyFilterChips />
      <StudyFilterKeeper studyHref={studyPath(route)} />
      <div className={styles.navRow}>
        <div className={styles.navMain}>
          <OfferedSections offer={offer} links={links} />
        </div>
        <UnlessRefused offer={offer}>
          <SubjectJump studyHref={studyPath(route)} />
        </UnlessRefused>
      </div>
      {children}
    </main>
  );
}

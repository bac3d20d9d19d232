/**
 * QA: every section of the QA study opens from the study's navigation, shows its data with its time and no error,
 * and its headline numbers are the partner API's (the subjects, the adverse events).
 */
import type { Page } from "@playwright/test";
import { DataTable } from "../pages/DataTable";
import { SECTIONS, type Section, type StudyPage } from "../pages/StudyPage";
import { aeListingCounts, CAPTIONS, FIGURES, groupSize } from "../pages/views";
import { expect, test } from "./fixtures";
import { type StudyFacts, total } from "./partner-api";

type Check = (page: Page, study: StudyPage, facts: StudyFacts) => Promise<void>;

const hasRows = async (page: Page, caption: RegExp) =>
  expect((await new DataTable(page, caption).cells()).length).toBeGreaterThan(0);

const CHECKS: Record<Section, Check> = {
  Overview: (page, study) => hasRows(page, CAPTIONS.reviewByType(study.study)),
  Subjects: async (page, study, facts) => {
    const table = new DataTable(page, CAPTIONS.subjects(study.study));
    expect(await table.total()).toBe(facts.subjects.length);
  },
  "Adverse events": async (page, _study, facts) => {
    await hasRows(page, CAPTIONS.aeOverview);
    await hasRows(page, CAPTIONS.aeByTerm);
    const events = total(facts.adverseEvents);
    expect(await aeListingCounts(page)).toEqual({ shown: events, all: events, subjects: facts.adverseEvents.size });
  },
  Laboratory: async (page, study) => {
    await hasRows(page, CAPTIONS.labTests);
    await study.subView("Laboratory", "Liver safety (eDISH)");
    await hasRows(page, CAPTIONS.liverQuadrants);
    await expect(page.getByRole("figure", { name: FIGURES.edish })).toBeVisible();
  },
  "Vital signs": (page) => hasRows(page, CAPTIONS.vitalsByVisit),
  Medications: async (page, _study, facts) => {
    await expect(page.getByRole("table", { name: CAPTIONS.drugs })).toContainText(groupSize(facts.subjects.length));
    await hasRows(page, CAPTIONS.medicationListing);
  },
  "Tumour response": (page) => hasRows(page, CAPTIONS.bestResponse),
  "Data checks": (page) => hasRows(page, CAPTIONS.findingsPerRule),
  // Two snapshots compared, or the one the study has said, where it was never refreshed.
  Changes: (page) =>
    expect(
      page
        .getByRole("table", { name: CAPTIONS.changesPerType })
        .or(page.getByText(/^The study has (one snapshot|no snapshot yet)/)),
    ).toBeVisible(),
  // The user's saved views and those shared with them, or the words that there are none yet.
  "Saved views": (page) =>
    expect(
      page.getByRole("table", { name: CAPTIONS.savedViews }).or(page.getByText(/^No saved views of this study yet/)),
    ).toBeVisible(),
};

for (const section of SECTIONS) {
  test(`the ${section} section opens from the study's navigation and shows the study's data`, async ({
    page,
    study,
    qaConnection,
    facts,
  }) => {
    await study.openFromStudies(qaConnection.name);
    // The Overview is the study's own page: go elsewhere first, so that the navigation is what brings it.
    if (section === "Overview") await study.section("Data checks");
    await study.section(section);
    await CHECKS[section](page, study, facts);
  });
}

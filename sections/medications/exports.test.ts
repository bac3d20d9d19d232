/**
 * The medication exports hold the rows their page shows for the same URL state: the listing as the server's table
 * pages it, subjects per drug and the study drug's exposure as the browser's tables order them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { browserRows, exported, serverPages, testUserStudy } from "@/sections/export-testing";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { exposureSubjectsTable, exposureTable } from "./exposure-tables";
import { loadMedications } from "./load";
import { parseMedicationQuery } from "./query";
import { drugTable, medicationListingDef } from "./tables";

let t: TestService;
let access: ReturnType<typeof testUserStudy>;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 12, visits: 4 } });
  access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
});
afterAll(() => t.db.close());

const medications = (query: string) => loadMedications(access, parseMedicationQuery(new URLSearchParams(query)));

describe("the medication exports", () => {
  it.each([
    "",
    "med_sort=dose.desc,start.asc",
    "ongoing=1&med_f_drug=a",
    "drug_sort=subjects.desc",
    "kind=study-drug&exp_sort=daysOnDrug.desc&exp_f_doseChanges=%3E0",
  ])("hold the listing and the per-drug table as the page shows them for %j", async (query) => {
    const view = await medications(query);
    const listing = await exported(access, "medications", "listing", query);
    expect(listing.rows).toEqual(serverPages(await reviewedTable(medicationListingDef(view, ""), access), query));
    const perDrug = await exported(access, "medications", "per-drug", query);
    expect(perDrug.rows).toEqual(browserRows(drugTable(view, "", access.study), query));
    const exposure = await exported(access, "medications", "exposure", query);
    expect(exposure.rows).toEqual(browserRows(exposureTable(view, "", access.study), query));
    const subjects = await exported(access, "medications", "exposure-subjects", query);
    expect(subjects.rows).toEqual(browserRows(exposureSubjectsTable(view, "", ""), query));
  });
});

/**
 * What the section loaders hand the pages: plain rows and counts made from the partner's records, nothing of the
 * connection that read them. Client components get parts of these views, so a credential in a view could reach
 * the browser; this checks every loader's view, serialised whole, against the connection's secret.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedStudy } from "@/lib/study/study-rows";
import { loadSubjectList } from "@/lib/study/subject-list";
import { cacheWithLog } from "@/lib/study/testing";
import type { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { loadAdverseEvents } from "@/sections/adverse-events/load";
import { parseAeQuery } from "@/sections/adverse-events/query";
import { loadDataChecks } from "@/sections/data-checks/load";
import { NO_CHECKS_FILTER } from "@/sections/data-checks/query";
import { loadLaboratory } from "@/sections/laboratory/load";
import { loadLiver } from "@/sections/laboratory/load-liver";
import { DEFAULT_QUERY } from "@/sections/laboratory/query";
import { loadMedications } from "@/sections/medications/load";
import { loadSubjectProfile } from "@/sections/subject-profile/load";
import { loadVitalSigns } from "@/sections/vital-signs/load";

let t: TestService;
let cache: StudyCache;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 6, visits: 3 } });
  cache = cacheWithLog(t.fetch).cache;
});
afterAll(() => t.db.close());

/** A view as text: Maps and Sets written out, so that nothing they hold escapes the check. */
const text = (view: unknown) =>
  JSON.stringify(view, (_key, value) =>
    value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : value,
  );

describe("the views of a study", () => {
  it("carry nothing of the connection's credentials", async () => {
    const creds = credsOf(northstar);
    const study = cachedStudy(cache, creds, "ONC-101");
    const list = await loadSubjectList(study);
    const lab = await loadLaboratory(study, DEFAULT_QUERY);
    const views = [
      list,
      await loadAdverseEvents(study, parseAeQuery(new URLSearchParams())),
      lab,
      await loadLaboratory(study, { ...DEFAULT_QUERY, test: lab.tests[0].key }),
      await loadLiver(study, { transaminase: "ALT", xThreshold: 3, yThreshold: 2, concurrentDays: 30 }),
      await loadVitalSigns(study, { text: false, issue: null }),
      await loadMedications(study, { ongoing: false }),
      await loadSubjectProfile(study, list.rows[0].subjectId, new URLSearchParams()),
      await loadDataChecks(study, NO_CHECKS_FILTER),
    ];
    for (const view of views) {
      const written = text(view);
      expect(written.length).toBeGreaterThan(100);
      expect(written).not.toContain(creds.clientSecret);
      expect(written).not.toContain("access_token");
    }
  });
});

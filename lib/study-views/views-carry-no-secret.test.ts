/**
 * What the section loaders hand the pages: plain rows and counts made from the partner's records, nothing of the
 * connection that read them. Client components get parts of these views, so a credential in a view could reach
 * the browser; this checks every loader's view, serialised whole, against the connection's secret.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { parseAeQuery } from "./adverse-events-query";
import { DEFAULT_QUERY } from "./laboratory-query";
import { loadAdverseEvents } from "./load-adverse-events";
import { loadDataChecks, NO_CHECKS_FILTER } from "./load-data-checks";
import { loadLaboratory } from "./load-laboratory";
import { loadLiver } from "./load-liver";
import { loadMedications } from "./load-medications";
import { loadSubjectList } from "./load-subject-list";
import { loadSubjectProfile } from "./load-subject-profile";
import { loadVitalSigns } from "./load-vital-signs";
import { cachedStudy } from "./study-rows";
import { cacheWithLog } from "./testing";

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

/** The data checks' exports hold the findings the view's filters keep as the page orders them, and the counts. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { browserRows, exported, testUserStudy } from "@/sections/export-testing";
import { loadReviewedChecks } from "./finding-review";
import { loadDataChecks } from "./load";
import { parseDataChecksQuery } from "./query";
import { findingsTable } from "./tables";

let t: TestService;
let access: ReturnType<typeof testUserStudy>;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 40, visits: 8 } });
  access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
});
afterAll(() => t.db.close());

describe("the data-check exports", () => {
  it.each(["", "rule=ae-no-grade", "fd_sort=subject.desc&fd_f_rule=a"])(
    "hold the findings as the page shows them for %j",
    async (query) => {
      // The page's view, its findings with the reader's review of them.
      const view = await loadReviewedChecks(access, parseDataChecksQuery(new URLSearchParams(query)));
      const { rows } = await exported(access, "data-checks", "findings", query);
      expect(rows).toEqual(browserRows(findingsTable(view, "", "ONC-101"), query));
      expect(rows.length).toBeGreaterThan(0);
    },
  );

  it("count the findings per rule, adding up to every finding", async () => {
    const view = await loadDataChecks(access, parseDataChecksQuery(new URLSearchParams()));
    const { rows, headers } = await exported(access, "data-checks", "rules");
    expect(headers).toEqual(["Rule", "What it checks", "Findings", "Subjects"]);
    expect(rows.length).toBe(view.counts.length);
    expect(rows.reduce((n, r) => n + (typeof r[2] === "number" ? r[2] : 0), 0)).toBe(view.total);
  });
});

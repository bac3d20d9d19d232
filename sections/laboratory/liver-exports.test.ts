/**
 * The Liver safety page's exports: the eDISH chart's data is every plotted subject, the subject listing the quadrant
 * the URL names (and concurrent peaks when it says so) in the browser table's order, and the quadrant counts add up
 * to the evaluable subjects.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheWithLog } from "@/lib/study/testing";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { browserRows, exported, testUserStudy } from "@/sections/export-testing";
import { parseLiverQuery } from "./liver-query";
import { liverRows, liverSubjectsTable } from "./liver-tables";
import { loadLiver } from "./load-liver";

let t: TestService;
let access: ReturnType<typeof testUserStudy>;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 16, visits: 4 } });
  access = testUserStudy(cacheWithLog(t.fetch).cache, credsOf(northstar), "ONC-101");
});
afterAll(() => t.db.close());

async function rowsFor(query: string) {
  const q = parseLiverQuery(new URLSearchParams(query));
  const view = await loadLiver(access, q.settings);
  return { q, rows: liverRows(view.plot.points) };
}

describe("the liver exports", () => {
  it("write every plotted subject as the chart's data", async () => {
    const { rows } = await rowsFor("");
    const { rows: out, headers } = await exported(access, "laboratory/liver", "edish", "");
    expect(out.length).toBe(rows.length);
    expect(out.map((r) => r[0])).toEqual(rows.map((r) => r.subjectId));
    expect(headers[2]).toBe("Peak ALT (×ULN)");
  });

  it.each([
    "",
    "quadrant=normal&subj_sort=x.desc",
    "enzyme=AST&concurrent=1",
    "quadrant=hys-law",
    "scale=baseline&subj_sort=y.desc",
    "peaks=all&x=1&y=1",
  ])("write the listed subjects as the browser's table shows them for %j", async (query) => {
    const { q, rows } = await rowsFor(query);
    const { what: _w, where: _x, ...table } = liverSubjectsTable(rows, q.settings, "ONC-101", q);
    expect((await exported(access, "laboratory/liver", "subjects", query)).rows).toEqual(browserRows(table, query));
  });

  it("count the subjects of each quadrant, adding up to the evaluable subjects", async () => {
    const { rows } = await rowsFor("");
    const { rows: out } = await exported(access, "laboratory/liver", "quadrants", "");
    expect(out.length).toBe(5);
    expect(out[4][0]).toBe("Evaluable subjects");
    const counts = out.slice(0, 4).map((r) => r[3] as number);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(out[4][3]).toBe(rows.length);
    // Every subject of a quadrant is named in its row.
    expect(out.slice(0, 4).map((r) => (r[6] === "" ? 0 : String(r[6]).split("; ").length))).toEqual(counts);
  });
});

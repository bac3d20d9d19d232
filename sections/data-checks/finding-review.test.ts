/**
 * The data-check findings as a reviewer reviews them (docs/review.md, Data-check findings), on the in-process
 * partner service: the findings of the organisation's first check are first found there "or earlier"; after the
 * partner's data change by hand (an adverse event's grade taken away), exactly that finding is new since the
 * reviewer's last review and first found in the new data, the others found before; data nobody checked are checked
 * on the way, so a finding is first found in them; a finding marked seen is seen, changed since seen once what it
 * says changes, the user's own; a comment on a finding's record is listed with it; a colleague of another
 * organisation starts its own record.
 */
import { describe, expect, it } from "vitest";
import type { Finding } from "@/lib/clinical/checks/finding";
import { findingKeys } from "@/lib/clinical/checks/finding-key";
import type { UserStudy } from "@/lib/study/open-user-study";
import { credsOf, northstar } from "@/partner-service/testing";
import { testUserStudy } from "@/sections/export-testing";
import { REVIEW_STUDY, reviewersEach } from "@/sections/review-testing";
import { FINDING_STATUS_WORDS, findingHash, newFindings, reviewFindings } from "./finding-review";
import { loadDataChecks } from "./load";
import { NO_CHECKS_FILTER } from "./query";

const { cut, users } = reviewersEach();

/** A user's study whose marks are made on the service's clock, as its data are loaded. */
const studyOf = (userId: number, partnerId?: string): UserStudy =>
  testUserStudy(cut.kit.cache, credsOf(northstar), REVIEW_STUDY, cut.kit.snapshots, {
    store: cut.store,
    userId,
    now: () => new Date(cut.t.clock.now),
    ...(partnerId ? { partnerId } : {}),
  });

/** A finding by its rule and records, as the test names it. */
const nameOf = (f: Finding) => `${f.rule} ${f.records.map((r) => `${r.kind}:${r.key}`).join(",")}`;

async function findingsOf(study: UserStudy) {
  return (await loadDataChecks(study, NO_CHECKS_FILTER)).findings;
}

async function reviewed(study: UserStudy) {
  const findings = await findingsOf(study);
  const review = await reviewFindings(study, findings);
  return findings.map((f, i) => ({ name: nameOf(f), ...review.findings[i] }));
}

async function markOneEvent(study: UserStudy) {
  const [event] = (await study.rows("AdverseEvent")).value.rows;
  expect(await study.review.mark("AdverseEvent", [event.key as string])).toEqual({ status: "done", count: 1 });
}

/**
 * Changes the partner's data by hand (as a data manager's correction would), then Refresh a minute later: the study's
 * next data, whose time it returns.
 */
async function changeData(sql: string): Promise<number> {
  expect(cut.t.db.prepare(sql).run().changes).toBe(1);
  cut.t.clock.now += 60_000;
  await cut.kit.cache.refresh(credsOf(northstar), REVIEW_STUDY);
  cut.t.clock.now += 1;
  await cut.kit.takeCut();
  return cut.t.clock.now;
}

/** An adverse event of the study with a grade, whose grade is then taken away: the finding "without a grade". */
function gradeRemoved(): { name: string; sql: string } {
  const { ae_key: key } = cut.t.db
    .prepare("SELECT ae_key FROM adverse_events WHERE study_number = ? AND grade IS NOT NULL ORDER BY ae_key LIMIT 1")
    .get(REVIEW_STUDY) as { ae_key: string };
  return {
    name: `ae-no-grade adverse-event:${key}`,
    sql: `UPDATE adverse_events SET grade = NULL WHERE ae_key = '${key}'`,
  };
}

/** A numeric laboratory result with a unit, whose unit is then taken away: the finding "without a unit". */
function unitRemoved(): { name: string; sql: string } {
  const { id } = cut.t.db
    .prepare(
      "SELECT id FROM lab_results WHERE study_number = ? AND value IS NOT NULL AND unit IS NOT NULL " +
        "ORDER BY id LIMIT 1",
    )
    .get(REVIEW_STUDY) as { id: string };
  return { name: `lab-no-unit laboratory:${id}`, sql: `UPDATE lab_results SET unit = NULL WHERE id = '${id}'` };
}

describe("data-check findings reviewed", () => {
  it("says which finding new data added since the last review, and when each was first found", async () => {
    await cut.kit.takeCut();
    const first = cut.t.clock.now;
    const ana = studyOf(users.ana);
    await markOneEvent(ana);
    const before = await reviewed(ana);
    expect(before.length).toBeGreaterThan(0);
    for (const f of before) {
      expect(f.status).toBe("before");
      expect(f.firstFound).toEqual({ at: first, firstCheck: true });
    }

    const removed = gradeRemoved();
    expect(before.map((f) => f.name)).not.toContain(removed.name);
    const second = await changeData(removed.sql);
    const after = await reviewed(studyOf(users.ana));
    expect(after.filter((f) => f.status === "new").map((f) => f.name)).toEqual([removed.name]);
    expect(after.find((f) => f.name === removed.name)?.firstFound).toEqual({ at: second, firstCheck: false });
    for (const f of after.filter((x) => x.name !== removed.name)) {
      expect(f.status).toBe("before");
      expect(f.firstFound).toEqual({ at: first, firstCheck: true });
    }
    // The overview's count: the one new finding, under its rule, opening it on the Data checks page.
    const found = await newFindings(studyOf(users.ana));
    expect([found.total, found.new]).toEqual([after.length, 1]);
    expect(found.rules.map((r) => [r.title, r.count])).toEqual([["Adverse event without a grade", 1]]);
    const query = new URLSearchParams(found.rules[0].path.split(/[?#]/)[1]);
    expect([query.get("rule"), query.get("fd_f_status")]).toEqual(["ae-no-grade", `=${FINDING_STATUS_WORDS.new}`]);
  });

  it("checks data nobody opened on the way: a finding first found in them says so", async () => {
    await cut.kit.takeCut();
    const first = cut.t.clock.now;
    const ana = studyOf(users.ana);
    const atFirst = await reviewed(ana);
    const [unit, grade] = [unitRemoved(), gradeRemoved()];
    // The data checks are not opened between the two changes.
    const second = await changeData(unit.sql);
    const third = await changeData(grade.sql);
    const now = await reviewed(studyOf(users.ana));
    expect(now.find((f) => f.name === unit.name)?.firstFound).toEqual({ at: second, firstCheck: false });
    expect(now.find((f) => f.name === grade.name)?.firstFound).toEqual({ at: third, firstCheck: false });
    const others = now.filter((f) => f.name !== unit.name && f.name !== grade.name);
    expect(others.map((f) => f.name).sort()).toEqual(atFirst.map((f) => f.name).sort());
    for (const f of others) expect(f.firstFound).toEqual({ at: first, firstCheck: true });
    // Ana has marked nothing: every finding is new to her.
    expect(new Set(now.map((f) => f.status))).toEqual(new Set(["new"]));
  });

  it("says a finding seen, changed since seen once what it says changes, and not seen once unmarked", async () => {
    await cut.kit.takeCut();
    const unit = unitRemoved();
    await changeData(unit.sql);
    const statusOf = async () => (await reviewed(studyOf(users.ana))).find((f) => f.name === unit.name)?.status;
    const findings = await findingsOf(studyOf(users.ana));
    const at = findings.findIndex((f) => nameOf(f) === unit.name);
    const key = findingKeys(findings)[at];
    await studyOf(users.ana).review.seeFindings([{ key, hash: findingHash(findings[at]) }]);
    expect(await statusOf()).toBe("seen");
    // Its value corrected, still without a unit: the same finding, saying another value.
    const id = unit.name.split(":")[1];
    await changeData(`UPDATE lab_results SET value = value + 1 WHERE id = '${id}'`);
    expect(await statusOf()).toBe("changed");
    // A colleague's review is their own.
    expect((await reviewed(studyOf(users.bo))).find((f) => f.name === unit.name)?.status).toBe("new");
    await studyOf(users.ana).review.unseeFindings([key]);
    expect(await statusOf()).toBe("new");
  });

  it("lists a comment on a finding's record with it, and keeps organisations apart", async () => {
    await cut.kit.takeCut();
    const ana = studyOf(users.ana);
    const findings = await findingsOf(ana);
    const target = findings.find((f) => f.records[0]?.kind === "assessment");
    if (!target) throw new Error("the test data have no finding on a response assessment");
    const key = target.records[0].key;
    const reply = await ana.review.comment("DiagnosticReport", key, "Ana", "Please check the conclusion.");
    expect(reply.status).toBe("done");
    const mine = (await reviewed(ana)).find((f) => f.name === nameOf(target));
    expect(mine?.threads.map((t) => [t.key, t.thread.comments, t.thread.resolved])).toEqual([[key, 1, null]]);

    const outsider = await reviewed(studyOf(users.bo, "OTHER-PARTNER"));
    expect(outsider.find((f) => f.name === nameOf(target))?.threads).toEqual([]);
    // The other organisation's first check is its own: there or earlier.
    expect(new Set(outsider.map((f) => f.firstFound?.firstCheck))).toEqual(new Set([true]));
  });
});

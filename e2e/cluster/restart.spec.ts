/**
 * Every instance stopped and started again: the study opened afterwards is its latest snapshot in the shared
 * PostgreSQL store (docs/snapshots.md), read after one access check, not loaded from the partner again. The audit
 * trail tells which: each record type served to a page is a `study.load` entry, `from: partner` or `from: snapshot`
 * with the snapshot's fingerprint.
 */
import { expect, test } from "@playwright/test";
import { signIn } from "../support/portal";
import { openSubjects, subjectList } from "../support/study";
import { clusterState, instanceBack, killInstance, proxyBack, query } from "./cluster";

const STUDY = "CARD-201";

type Load = { details: string };

/** The study's loads recorded after entry `after`, as their details. */
const loadsAfter = async (after: number) =>
  (
    await query<Load>("SELECT details FROM audit_log WHERE action = 'study.load' AND study = $1 AND id > $2", [
      STUDY,
      after,
    ])
  ).map((r) => JSON.parse(r.details) as { kind: string; from?: string; snapshot?: string });

test("after every instance restarts, the study opens from its stored snapshot, not from the partner", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await openSubjects(page, STUDY);
  const subjects = subjectList(page);
  await expect(subjects).toBeVisible({ timeout: 60_000 });
  const before = await subjects.locator("tbody tr").count();
  // Kept beside the rows being served: wait until the store holds the record types the page read.
  await expect
    .poll(async () => (await query("SELECT id FROM study_snapshots WHERE study = $1", [STUDY])).length, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2);
  const [{ max }] = await query<{ max: string }>("SELECT max(id) AS max FROM audit_log");

  const instances = clusterState().instances;
  for (const instance of instances) killInstance(instance);
  for (const instance of instances) await instanceBack(instance);
  await proxyBack();

  // The session outlives the instances (docs/deployment.md): the study opens again without a sign-in.
  await openSubjects(page, STUDY);
  await expect(subjects).toBeVisible({ timeout: 60_000 });
  expect(await subjects.locator("tbody tr").count()).toBe(before);
  const loads = await loadsAfter(Number(max));
  expect(loads.length).toBeGreaterThan(0);
  for (const load of loads) {
    expect(load.from, load.kind).toBe("snapshot");
    expect(load.snapshot, load.kind).toMatch(/^[0-9a-f]{64}$/);
  }
});

/**
 * Refused accesses of one user cannot grow the trail without bound (docs/audit.md, "Refusals are aggregated"): at
 * most one entry per user, reason and via a minute, however many requests, and the refusal stands when its entry
 * cannot be written.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "better-sqlite3";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { openPortalDb } from "@/lib/db/portal-db";
import { type AccessRefusal, flushAccessRefusals, recordAccessRefusal } from "./record-refusal";
import { RefusalSampler, SAMPLE_INTERVAL_MS } from "./refusal-sampler";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

let db: Database;
beforeEach(() => {
  db = openPortalDb(":memory:");
  db.prepare(
    "INSERT INTO users (id, email, name, role, created_at) VALUES (1, 'mal@example.org', 'M', 'user', '')",
  ).run();
});

/** The kinds one user can be refused in a loop, each with a made-up target. */
const KINDS: Omit<AccessRefusal, "actor" | "address">[] = [
  { reason: "unknown_connection", via: "progress", study: "ONC-101" },
  { reason: "study_not_listed", via: "study_page", study: "ONC-999" },
  { reason: "admin_only", via: "admin_page", page: "/admin/audit" },
  { reason: "other_users_export", via: "export" },
];

const entries = () =>
  db.prepare("SELECT details FROM audit_log WHERE action = 'access.refused'").all() as { details: string }[];

function refuse(n: number, sampler: RefusalSampler<AccessRefusal>, clock: { now: number }, stepMs: number): void {
  for (let i = 0; i < n; i++) {
    clock.now += stepMs;
    const kind = KINDS[i % KINDS.length];
    const made = kind.reason === "unknown_connection" ? { connectionId: `made-up-${i}` } : {};
    recordAccessRefusal(db, { actor: 1, address: "198.51.100.9", ...kind, ...made }, sampler);
  }
}

describe("refused accesses", () => {
  it("100,000 refused requests of one user in 800 s add at most one entry per kind a minute", () => {
    const clock = { now: 0 };
    // 8 ms apart: 125 requests a second, about what one client was measured to send (3,000 in 25 s).
    const sampler = new RefusalSampler<AccessRefusal>(() => clock.now);
    refuse(100_000, sampler, clock, 8);
    const minutes = Math.ceil(clock.now / SAMPLE_INTERVAL_MS);
    const written = entries();
    expect(written.length).toBeLessThanOrEqual(KINDS.length * minutes);
    expect(written.length).toBeGreaterThanOrEqual(KINDS.length);
    // Those without an entry are counted in the next one of their kind; each kind's last minute is written once it
    // has passed.
    const counted = (rows: { details: string }[]) =>
      rows.reduce((n, e) => n + 1 + (JSON.parse(e.details) as { unrecorded: number }).unrecorded, 0);
    expect(counted(written)).toBeGreaterThan(100_000 - KINDS.length * (SAMPLE_INTERVAL_MS / 8));
    expect(counted(written)).toBeLessThanOrEqual(100_000);
    clock.now += SAMPLE_INTERVAL_MS;
    flushAccessRefusals(db, sampler);
    expect(entries().length).toBeLessThanOrEqual(KINDS.length * (minutes + 1));
    expect(counted(entries())).toBe(100_000);
  });

  it("100,000 refused requests at one instant add one entry per kind", () => {
    const clock = { now: 0 };
    refuse(100_000, new RefusalSampler<AccessRefusal>(() => clock.now), clock, 0);
    expect(entries()).toHaveLength(KINDS.length);
  });

  it("keeps each user's kinds apart, with the first refusal's target", () => {
    const sampler = new RefusalSampler<AccessRefusal>(() => 0);
    db.prepare(
      "INSERT INTO users (id, email, name, role, created_at) VALUES (2, 'b@example.org', 'B', 'user', '')",
    ).run();
    for (const actor of [1, 1, 2]) recordAccessRefusal(db, { actor, address: null, ...KINDS[0] }, sampler);
    const rows = db.prepare("SELECT actor_id, study, details FROM audit_log").all();
    expect(rows).toEqual([
      { actor_id: 1, study: "ONC-101", details: '{"reason":"unknown_connection","unrecorded":0,"via":"progress"}' },
      { actor_id: 2, study: "ONC-101", details: '{"reason":"unknown_connection","unrecorded":0,"via":"progress"}' },
    ]);
  });
  it("writes a user's refusals still counted once their minute has passed, as one entry for the latest", () => {
    const clock = { now: 0 };
    const sampler = new RefusalSampler<AccessRefusal>(() => clock.now);
    for (let i = 0; i < 55; i++) {
      recordAccessRefusal(db, { actor: 1, address: null, ...KINDS[0], connectionId: `made-up-${i}` }, sampler);
    }
    flushAccessRefusals(db, sampler);
    expect(entries()).toHaveLength(1);
    clock.now = SAMPLE_INTERVAL_MS;
    flushAccessRefusals(db, sampler);
    const rows = db.prepare("SELECT connection_id, details FROM audit_log ORDER BY id").all();
    // The first refusal, then the 55th standing for itself and the 53 before it.
    expect(rows).toEqual([
      { connection_id: "made-up-0", details: '{"reason":"unknown_connection","unrecorded":0,"via":"progress"}' },
      { connection_id: "made-up-54", details: '{"reason":"unknown_connection","unrecorded":53,"via":"progress"}' },
    ]);
  });
});

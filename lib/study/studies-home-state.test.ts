/**
 * A connection's health and a study's access in one word from the newest of the user's own entries and failed loads
 * (expected values worked out from the entries and failures given).
 */
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "@/lib/audit/connection-history";
import type { LoadFailure, LoadFailureFacts } from "./load-failures";
import { connectionHealth, failureWords, studyAccess } from "./studies-home-state";

let nextId = 0;
const entry = (action: HistoryEntry["action"], study: string | null, details: Record<string, unknown>) => {
  nextId++;
  return {
    id: nextId,
    // A minute apart: 10:01, 10:02, ...
    time: new Date(Date.UTC(2026, 10, 1, 10) + nextId * 60_000).toISOString(),
    action,
    connectionId: "c",
    study,
    details,
  };
};
const load = (study: string) => entry("study.load", study, { kind: "Patient", records: 3, received: 3, refused: 0 });
const refused = (study: string) => entry("access.refused", study, { reason: "study_forbidden", via: "study_page" });
const test = (details: Record<string, unknown>) => entry("connection.test", null, details);
const update = (fields: string[]) => entry("connection.update", null, { name: "N", fields });

const request = { what: "Patient", study: "ONC-101", path: "/svc-apim/fhir/Patient" };
const SERVICE_DOWN: LoadFailureFacts = { kind: "unavailable", status: 503, attempts: 3, request };
/** A load of `study` that failed `seconds` after the entry (before it, when negative). */
const failedAfter = (
  e: HistoryEntry,
  seconds: number,
  failure: LoadFailureFacts = SERVICE_DOWN,
  study = "ONC-101",
): LoadFailure => ({
  study,
  recordType: "Patient",
  at: Date.parse(e.time) + seconds * 1000,
  failure,
});
const iso = (at: number) => new Date(at).toISOString();

describe("connectionHealth", () => {
  it("says Not tried when the user has no entry of the connection", () => {
    expect(connectionHealth([])).toEqual({ word: "Not tried", reason: null, basis: null });
  });

  it("takes the newest entry: a failed test after a load is the test's failure, in a word", () => {
    const l = load("ONC-101");
    const t = test({ outcome: "not_connected", failure: "unreachable", studies: [] });
    expect(connectionHealth([t, l])).toEqual({
      word: "Unreachable",
      reason: "unreachable",
      basis: { what: "test", at: t.time },
    });
    const auth = test({ outcome: "not_connected", failure: "authentication", studies: [] });
    expect(connectionHealth([l, auth]).word).toBe("Refused");
    expect(connectionHealth([l, auth]).reason).toBe("secret refused");
    const busy = test({ outcome: "not_connected", failure: "unavailable", studies: [] });
    expect(connectionHealth([busy]).word).toBe("Failing");
    expect(connectionHealth([test({ outcome: "unusable", failure: "secret-unreadable", studies: [] })]).word).toBe(
      "Unusable",
    );
  });

  it("is Working after a load, a partner's refusal of a study (the partner answered) or a passed test", () => {
    const t = test({ outcome: "not_connected", failure: "unreachable", studies: [] });
    expect(connectionHealth([t, load("ONC-101")]).word).toBe("Working");
    expect(connectionHealth([t, refused("ONC-101")]).word).toBe("Working");
    expect(connectionHealth([t, test({ outcome: "connected", failure: null, studies: [] })]).word).toBe("Working");
  });

  it("forgets what it knew once the credentials change, but not for a change of name or studies", () => {
    const l = load("ONC-101");
    expect(connectionHealth([l, update(["clientSecret"])])).toMatchObject({ word: "Not tried", reason: "changed" });
    expect(connectionHealth([l, update(["name", "studies"])]).word).toBe("Working");
  });
});

describe("connectionHealth after a failed load", () => {
  it("says Failing, with the reason in words, when a load failed after the newest entry", () => {
    const l = load("ONC-101");
    const f = failedAfter(l, 30);
    expect(connectionHealth([l], [f])).toEqual({
      word: "Failing",
      reason: "service down",
      basis: { what: "failed load", at: iso(f.at) },
      failure: SERVICE_DOWN,
    });
    // With no entry at all, the failure is all the portal saw.
    expect(connectionHealth([], [f])).toMatchObject({ word: "Failing", reason: "service down" });
  });

  it("says Unreachable when the partner did not answer, timed out or not", () => {
    const l = load("ONC-101");
    const timedOut: LoadFailureFacts = { kind: "unreachable", timedOut: true, attempts: 3, request };
    const refusedConnection: LoadFailureFacts = { kind: "unreachable", timedOut: false, attempts: 3, request };
    expect(connectionHealth([l], [failedAfter(l, 5, timedOut)])).toMatchObject({
      word: "Unreachable",
      reason: "timed out",
    });
    expect(connectionHealth([l], [failedAfter(l, 5, refusedConnection)])).toMatchObject({
      word: "Unreachable",
      reason: "connection failed",
    });
  });

  it("says Refused for a refused secret, Unusable for a secret unreadable or an address not allowed", () => {
    const l = load("ONC-101");
    const secret: LoadFailureFacts = { kind: "authentication", status: 401, attempts: 1, request };
    expect(connectionHealth([l], [failedAfter(l, 5, secret)])).toMatchObject({
      word: "Refused",
      reason: "secret refused",
    });
    expect(connectionHealth([l], [failedAfter(l, 5, { kind: "secret-unreadable" })])).toMatchObject({
      word: "Unusable",
      reason: "secret unreadable",
    });
    const offList: LoadFailureFacts = { kind: "not-allowed", baseUrl: "https://elsewhere.example" };
    expect(connectionHealth([l], [failedAfter(l, 5, offList)])).toMatchObject({
      word: "Unusable",
      reason: "address not allowed",
    });
  });

  it("says Failing for the partner's other failures: too many requests, data it cannot read", () => {
    const l = load("ONC-101");
    const busy: LoadFailureFacts = { kind: "rate-limited", status: 429, attempts: 4, retryAfterSeconds: 30, request };
    const malformed: LoadFailureFacts = { kind: "malformed", expected: "bundle", request };
    expect(connectionHealth([l], [failedAfter(l, 5, busy)])).toMatchObject({
      word: "Failing",
      reason: "too many requests",
    });
    expect(connectionHealth([l], [failedAfter(l, 5, malformed)])).toMatchObject({
      word: "Failing",
      reason: "malformed",
    });
  });

  it("takes the newest of several failed loads, of any study", () => {
    const l = load("ONC-101");
    const timedOut: LoadFailureFacts = { kind: "unreachable", timedOut: true, attempts: 3, request };
    const older = failedAfter(l, 5, timedOut);
    const newer = failedAfter(l, 20, SERVICE_DOWN, "CARD-201");
    expect(connectionHealth([l], [newer, older])).toMatchObject({
      word: "Failing",
      basis: { what: "failed load", at: iso(newer.at) },
    });
  });

  it("says nothing of a failure before the newest load, answer, test or change of credentials", () => {
    const f = (e: HistoryEntry) => [failedAfter(e, -1)];
    const l = load("ONC-101");
    expect(connectionHealth([l], f(l))).toMatchObject({ word: "Working", basis: { what: "load", at: l.time } });
    const r = refused("ONC-101");
    expect(connectionHealth([r], f(r))).toMatchObject({ word: "Working", basis: { what: "answer" } });
    const passed = test({ outcome: "connected", failure: null, studies: [] });
    expect(connectionHealth([passed], f(passed))).toMatchObject({ word: "Working", basis: { what: "test" } });
    const changed = update(["clientSecret"]);
    expect(connectionHealth([changed], f(changed))).toMatchObject({ word: "Not tried", reason: "changed" });
    // A change of name alone does not hide the failure.
    const renamed = update(["name"]);
    expect(connectionHealth([renamed], f(renamed)).word).toBe("Failing");
  });
});

describe("studyAccess", () => {
  it("says Refused, not granted, when the partner refused the study the last time", () => {
    const before = load("ONC-101");
    const r = refused("ONC-101");
    expect(studyAccess([before, r], "ONC-101")).toEqual({
      word: "Refused",
      reason: "not granted",
      basis: { what: "answer", at: r.time },
    });
    // Another study's refusal says nothing of this one.
    expect(studyAccess([before, refused("CARD-201")], "ONC-101").word).toBe("Granted");
  });

  it("reads the study's own line of a test, and a later load wins over a refusal", () => {
    const t = test({
      outcome: "connected",
      failure: null,
      studies: [
        { study: "ONC-101", status: "forbidden", failure: "forbidden" },
        { study: "CARD-201", status: "error", failure: "not-found" },
      ],
    });
    expect(studyAccess([t], "ONC-101")).toMatchObject({ word: "Refused", reason: "not granted" });
    expect(studyAccess([t], "CARD-201")).toMatchObject({ word: "Failing", reason: "not found" });
    expect(studyAccess([t], "ONC-102")).toEqual({ word: "Not tried", reason: null, basis: null });
    expect(studyAccess([t, load("ONC-101")], "ONC-101").word).toBe("Granted");
  });
});

describe("failureWords", () => {
  it("says a failure kind in a word or two", () => {
    expect(failureWords("rate-limited")).toBe("too many requests");
    expect(failureWords("foreign-link")).toBe("foreign link");
    expect(failureWords(null)).toBe("error");
  });
});

describe("studyAccess after a failed load", () => {
  it("says Failing, with the reason, when a load of the study failed after its newest entry", () => {
    const l = load("ONC-101");
    const f = failedAfter(l, 10);
    expect(studyAccess([l], "ONC-101", [f])).toEqual({
      word: "Failing",
      reason: "service down",
      basis: { what: "failed load", at: iso(f.at) },
      failure: SERVICE_DOWN,
    });
  });

  it("reads only the study's own failures, and a later load wins", () => {
    const l = load("ONC-101");
    expect(studyAccess([l], "ONC-101", [failedAfter(l, 10, SERVICE_DOWN, "CARD-201")]).word).toBe("Granted");
    const f = failedAfter(l, 10);
    expect(studyAccess([l, load("ONC-101")], "ONC-101", [f]).word).toBe("Granted");
  });
});

/**
 * The failed loads kept for the studies list: which failures say something of the connection, whose they are, that
 * a served request forgets them, and that the record is bounded.
 */
import { describe, expect, it } from "vitest";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import { StudyForbiddenError, UnavailableError, UnreachableError } from "@/lib/partner-client/errors";
import { CallerLimitError } from "@/lib/study-cache/caller-limits";
import { LoadDetachedError } from "@/lib/study-cache/ttl-lru";
import { connectionFailure, type LoadFailureFacts, LoadFailures, recordingFailures } from "./load-failures";
import type { StudyRows } from "./study-rows";

const request = { what: "Patient", study: "ONC-101", path: "/svc-apim/fhir/Patient" };
const down = () => new UnavailableError(request, 503, 3);
const DOWN: LoadFailureFacts = { kind: "unavailable", status: 503, attempts: 3, request };
const owner = { userId: 7, connectionId: "c1", study: "ONC-101" };

describe("connectionFailure", () => {
  it("keeps the facts of the partner's failures and of a connection unusable before any request", () => {
    expect(connectionFailure(down())).toEqual(DOWN);
    expect(connectionFailure(new UnreachableError(request, true, 3))).toEqual({
      kind: "unreachable",
      timedOut: true,
      attempts: 3,
      request,
    });
    expect(connectionFailure(new SecretBoxError("sealed under another key"))).toEqual({ kind: "secret-unreadable" });
  });

  it("leaves out the partner's refusal of a study, the user's own limits, a stopped load and a bug", () => {
    expect(connectionFailure(new StudyForbiddenError(request, 403, 1))).toBeUndefined();
    expect(connectionFailure(new CallerLimitError({ kind: "loads-limited", maxLoads: 2 }))).toBeUndefined();
    const signIns = new CallerLimitError({ kind: "sign-ins-limited", perMinute: 5, retryAfterSeconds: 40 });
    expect(connectionFailure(signIns)).toBeUndefined();
    expect(connectionFailure(new LoadDetachedError())).toBeUndefined();
    expect(connectionFailure(new TypeError("x is undefined"))).toBeUndefined();
  });
});

describe("LoadFailures", () => {
  it("gives a user's failures through one connection only, the oldest first", () => {
    const kept = new LoadFailures();
    kept.failed(owner, "Patient", DOWN, 2_000);
    kept.failed({ ...owner, study: "CARD-201" }, "Group", DOWN, 3_000);
    kept.failed({ ...owner, userId: 8 }, "Patient", DOWN, 4_000);
    kept.failed({ ...owner, connectionId: "c2" }, "Patient", DOWN, 5_000);
    expect(kept.of(7, "c1")).toEqual([
      { study: "ONC-101", recordType: "Patient", at: 2_000, failure: DOWN },
      { study: "CARD-201", recordType: "Group", at: 3_000, failure: DOWN },
    ]);
  });

  it("keeps the newest failure of a record type, and forgets it once that record type is served", () => {
    const kept = new LoadFailures();
    kept.failed(owner, "Patient", DOWN, 1_000);
    kept.failed(owner, "Group", DOWN, 5_000);
    kept.failed(owner, "Patient", DOWN, 9_000);
    expect(kept.of(7, "c1").map((f) => [f.recordType, f.at])).toEqual([
      ["Group", 5_000],
      ["Patient", 9_000],
    ]);
    kept.succeeded(owner, "Patient");
    expect(kept.of(7, "c1").map((f) => f.recordType)).toEqual(["Group"]);
  });

  it("drops the oldest failure beyond its bound", () => {
    const kept = new LoadFailures(2);
    for (const [i, recordType] of ["Patient", "Group", "AdverseEvent"].entries())
      kept.failed(owner, recordType, DOWN, 1_000 * (i + 1));
    expect(kept.of(7, "c1").map((f) => f.recordType)).toEqual(["Group", "AdverseEvent"]);
  });
});

describe("recordingFailures", () => {
  const hit = { value: { rows: [], received: 0, rejected: { count: 0, examples: [] } }, loadedAt: 1 };
  const study = (answer: () => Promise<unknown>) => ({ rows: answer as unknown as StudyRows });

  it("keeps a failed load with its time and still throws it to the page", async () => {
    const kept = new LoadFailures();
    const err = down();
    const rows = recordingFailures(
      owner,
      study(() => Promise.reject(err)),
      kept,
      () => 42_000,
    ).rows;
    await expect(rows("Patient")).rejects.toBe(err);
    expect(kept.of(7, "c1")).toEqual([{ study: "ONC-101", recordType: "Patient", at: 42_000, failure: DOWN }]);
  });

  it("forgets the failure once the same rows are served, and keeps nothing of a refused study", async () => {
    const kept = new LoadFailures();
    kept.failed(owner, "Patient", DOWN, 1_000);
    await recordingFailures(
      owner,
      study(() => Promise.resolve(hit)),
      kept,
    ).rows("Patient");
    expect(kept.of(7, "c1")).toEqual([]);
    const forbidden = recordingFailures(
      owner,
      study(() => Promise.reject(new StudyForbiddenError(request, 403, 1))),
      kept,
    );
    await expect(forbidden.rows("Patient")).rejects.toBeInstanceOf(StudyForbiddenError);
    expect(kept.of(7, "c1")).toEqual([]);
  });
});

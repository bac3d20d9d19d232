/**
 * The words of the failures the portal's own limits and the partner client's size bound give: what happened, and
 * when or how to try again (the study cache's CallerLimitError reaches the page as facts through failureOf).
 */
import { describe, expect, it } from "vitest";
import { failureOf } from "@/lib/connections/failure";
import { ResponseTooLargeError } from "@/lib/partner-client/errors";
import { CallerLimitError } from "@/lib/study-cache/caller-limits";
import { errorAdvice } from "./error-advice";

const ctx = { partnerId: "NORTHSTAR" };
const adviceOf = (err: unknown) => errorAdvice(failureOf(err)!, ctx);

describe("the words of the portal's limits", () => {
  it("sign-ins with unproven credentials: nothing was sent, and when one more is allowed", () => {
    const limit = new CallerLimitError({ kind: "sign-ins-limited", perMinute: 10, retryAfterSeconds: 42 });
    expect(failureOf(limit)).toEqual({ kind: "sign-ins-limited", perMinute: 10, retryAfterSeconds: 42 });
    expect(adviceOf(limit)).toEqual({
      title: "Too many sign-ins with unchecked connections",
      detail:
        "The portal did not contact the partner service: this connection has never signed in successfully, and " +
        "you have already tried 10 such sign-ins in the last minute, the most it allows. Check the client ID and " +
        "secret in Settings, or wait 42 seconds, then press Refresh.",
      settings: true,
      retry: true,
    });
  });

  it("sign-ins that cannot be counted: nothing was sent, and to try again shortly", () => {
    const limit = new CallerLimitError({ kind: "sign-ins-not-counted" });
    expect(failureOf(limit)).toEqual({ kind: "sign-ins-not-counted" });
    expect(adviceOf(limit)).toEqual({
      title: "Sign-ins cannot be counted just now",
      detail:
        "The portal did not contact the partner service: this connection has never signed in successfully, and the " +
        "server cannot count such sign-ins just now. Wait a few seconds, then press Refresh.",
      settings: false,
      retry: true,
    });
  });

  it("loads of one user: this one was not started, and what to wait for", () => {
    const advice = adviceOf(new CallerLimitError({ kind: "loads-limited", maxLoads: 16 }));
    expect(advice.title).toBe("Too many loads at once");
    expect(advice.detail).toBe(
      "You already have 16 study loads running or waiting, the most one user may have, so this one was not " +
        "started. Wait for your other study pages to finish loading, then press Refresh.",
    );
    expect(advice.retry).toBe(true);
  });

  it("an answer larger than the client reads: named, with the limit", () => {
    const request = { what: "laboratory", study: "ONC-101", path: "/api/Observation" };
    const advice = adviceOf(new ResponseTooLargeError(request, 32 * 1024 * 1024));
    expect(advice.detail).toBe(
      "The partner service's answer to the laboratory records of study ONC-101 was larger than the portal reads " +
        "(32 MiB); it was not read. If this persists, tell the partner service's support.",
    );
  });
});

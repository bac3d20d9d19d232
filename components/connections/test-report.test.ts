import { describe, expect, it } from "vitest";
import { failureText, refusedText, studyCheckText } from "./test-report";

const group = (study: string) => ({ what: "Group", study, path: "/svc-apim/external/v2/crit/core/api/Group" });

describe("the Test connection report's words", () => {
  it("words each study's answer after its number", () => {
    expect(studyCheckText({ study: "ONC-101", status: "accessible", subjects: 1 }, "NORTHSTAR")).toBe(
      "accessible, 1 subject",
    );
    expect(studyCheckText({ study: "ONC-101", status: "accessible", subjects: 40 }, "NORTHSTAR")).toBe(
      "accessible, 40 subjects",
    );
    const forbidden = { kind: "forbidden" as const, status: 403, attempts: 1, request: group("ONC-102") };
    expect(studyCheckText({ study: "ONC-102", status: "forbidden", failure: forbidden }, "NORTHSTAR")).toBe(
      "forbidden. The partner service does not grant partner NORTHSTAR access to study ONC-102. " +
        "Ask the sponsor to grant the study, or check the study number and partner ID in Settings.",
    );
    const refused = { kind: "bad-request" as const, status: 400, attempts: 1, request: group("CARD-201") };
    expect(studyCheckText({ study: "CARD-201", status: "error", failure: refused }, "NORTHSTAR")).toMatch(
      /^error\. The partner service refused the Group records of study CARD-201 \(HTTP 400\)\./,
    );
  });

  it("says to test again, not to press a Refresh button the settings page does not have", () => {
    const busy = { kind: "rate-limited" as const, status: 429 as const, attempts: 2, request: group("ONC-101") };
    expect(failureText({ ...busy, retryAfterSeconds: 5 }, "NORTHSTAR")).toBe(
      "The partner service is limiting requests. Wait 5 seconds, then test the connection again.",
    );
    const wrongSecret = {
      kind: "authentication" as const,
      status: 401,
      attempts: 1,
      request: { what: "token", path: "/t" },
    };
    expect(failureText(wrongSecret, "NORTHSTAR")).toBe(
      "The partner service rejected this connection's client ID or secret. Check them in Settings.",
    );
  });

  it("words a test refused before any request, and passes other refusals through", () => {
    expect(
      refusedText(
        { ok: false, unusable: { kind: "not-allowed", baseUrl: "http://127.0.0.1:8", allowed: ["https://a"] } },
        "P",
      ),
    ).toMatch(
      /^This connection's base URL \(http:\/\/127\.0\.0\.1:8\) is not a partner service this portal may connect/,
    );
    expect(refusedText({ ok: false, unusable: { kind: "secret-unreadable" } }, "P")).toMatch(
      /enter the client secret again\.$/,
    );
    expect(refusedText({ ok: false, fieldErrors: {}, message: "No such connection." }, "P")).toBe(
      "No such connection.",
    );
    expect(refusedText({ ok: true, report: { connected: true, studies: [] } }, "P")).toBeUndefined();
  });

  it("words a test refused because the user tested too often", () => {
    expect(refusedText({ ok: false, limited: { kind: "tests-limited" } }, "P")).toBe(
      "You tested connections many times in a short while; wait a minute and test again.",
    );
  });

  it("words a test refused because the server cannot count tests just now", () => {
    expect(refusedText({ ok: false, limited: { kind: "tests-not-counted" } }, "P")).toBe(
      "The server cannot count connection tests just now, so this one was not sent. Test again shortly.",
    );
  });
});

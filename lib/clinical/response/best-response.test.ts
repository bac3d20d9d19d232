import { describe, expect, it } from "vitest";
import { type BestResponse, bestResponse, responseOptions, type TrackPoint } from "./best-response";
import type { Response } from "./timepoint";

/** `"42 PR"` is an assessment 42 days after baseline with response PR; `"42 -"` one with no readable response. */
const track = (...points: string[]): TrackPoint[] =>
  points.map((p, i) => {
    const [day, response] = p.split(" ");
    return { key: `A${i + 1}`, day: Number(day), response: response === "-" ? null : (response as Response) };
  });

const plain = { confirm: false, minSdDays: 42 };
const confirmed = { confirm: true, minSdDays: 42 };

describe("best overall response without confirmation (SD at least 42 days from baseline)", () => {
  it.each([
    [["42 SD", "84 PR", "126 CR"], "CR"],
    // The CR after the progression does not count.
    [["42 PR", "84 PD", "126 CR"], "PR"],
    // SD at day 35 is too early; then progression: PD.
    [["35 SD", "77 PD"], "PD"],
    // SD at day 35 and nothing after it: not evaluable.
    [["35 SD"], "NE"],
    // Exactly 42 days is enough.
    [["42 SD"], "SD"],
    [["41 SD", "83 NE"], "NE"],
    [["42 NE", "84 -"], "NE"],
    [["42 PD"], "PD"],
    // A CR or PR counts however early.
    [["14 PR", "35 PD"], "PR"],
    [[], "NE"],
  ])("%o: %s", (points, bor) => expect(bestResponse(track(...points), plain).bor).toBe(bor));

  it.each([
    [0, ["35 SD"], "SD"],
    [56, ["42 SD", "84 SD"], "SD"],
    [56, ["42 SD", "49 PD"], "PD"],
    [56, ["42 SD"], "NE"],
  ])("minimum %s days: %o is %s", (minSdDays, points, bor) =>
    expect(bestResponse(track(...points), { confirm: false, minSdDays }).bor).toBe(bor),
  );
});

describe("best overall response with non-target disease only (RECIST 1.1 Table 2)", () => {
  const NN = "Non-CR/Non-PD";
  it.each([
    // Non-CR/Non-PD ranks where SD does, under the same minimum time: day 42 is enough ...
    [[`42 ${NN}`], NN],
    // ... day 35 is not: nothing else, NE; then progression, PD.
    [[`35 ${NN}`], "NE"],
    [[`35 ${NN}`, "77 PD"], "PD"],
    // CR ranks above it; a CR after the progression does not count.
    [[`42 ${NN}`, "84 CR"], "CR"],
    [[`42 ${NN}`, "84 PD", "126 CR"], NN],
    [[`42 ${NN}`, "84 NE"], NN],
  ])("%o: %s", (points, bor) => expect(bestResponse(track(...points), plain, true).bor).toBe(bor));

  it("an unconfirmed CR counts as Non-CR/Non-PD (no SD without measurable disease), as SD with target disease", () => {
    // CR at 42, then Non-CR/Non-PD at 84: the CR is not confirmed (84 is no CR); stable from day 42.
    const points = track("42 CR", `84 ${NN}`);
    expect(bestResponse(points, confirmed, true).bor).toBe(NN);
    expect(bestResponse(track("42 CR", "84 SD"), confirmed, false).bor).toBe("SD");
    // Confirmed 42 days on: CR, response from day 42.
    expect(bestResponse(track("42 CR", "84 CR"), confirmed, true)).toMatchObject({ bor: "CR", timeToResponse: 42 });
  });

  it("signed conclusions that mix the two stable levels: SD when any is SD, else Non-CR/Non-PD", () => {
    expect(bestResponse(track(`42 ${NN}`, "84 SD"), plain).bor).toBe("SD");
    expect(bestResponse(track(`42 ${NN}`, `84 ${NN}`), plain).bor).toBe(NN);
    // SD at day 35 is too early; Non-CR/Non-PD at day 77 qualifies alone.
    expect(bestResponse(track("35 SD", `77 ${NN}`), plain).bor).toBe(NN);
  });
});

describe("best overall response with confirmation at least 28 days later", () => {
  it.each([
    // 84 - 42 = 42 days >= 28: confirmed.
    [["42 PR", "84 PR"], "PR", "A1"],
    // 63 - 42 = 21 days: not confirmed; the PR at day 42 is stable disease, which meets the 42 days.
    [["42 PR", "63 PR"], "SD", null],
    // 70 - 42 = 28 days exactly: confirmed.
    [["42 PR", "70 PR"], "PR", "A1"],
    [["42 CR", "84 CR"], "CR", "A1"],
    // A CR followed by a PR: the CR is not confirmed, the response (PR or better) is.
    [["42 CR", "84 PR"], "PR", "A1"],
    // A PR confirmed by a CR is a PR; the CR itself is not confirmed.
    [["42 PR", "84 CR"], "PR", "A1"],
    // PR then PD: unconfirmed, SD at day 42.
    [["42 PR", "84 PD"], "SD", null],
    // PR at day 35 then PD: neither confirmed nor SD long enough: PD.
    [["35 PR", "77 PD"], "PD", null],
    [["35 PR", "56 NE"], "NE", null],
    // An SD in between does not undo the confirmation by the PR at day 126.
    [["42 PR", "84 SD", "126 PR"], "PR", "A1"],
    // An assessment after the progression never confirms.
    [["42 PR", "84 PD", "126 PR"], "SD", null],
    // The PR at day 42 is confirmed by the one at day 84 (42 days on): the response starts at day 42.
    [["42 PR", "56 SD", "84 PR", "126 PR"], "PR", "A1"],
    // The PR at day 56 is confirmed by the one at day 112 (56 days on): the response starts at day 56.
    [["42 SD", "56 PR", "70 SD", "112 PR"], "PR", "A2"],
  ])("%o: %s, response from %s", (points, bor, first) => {
    const result = bestResponse(track(...points), confirmed);
    expect(result.bor).toBe(bor);
    expect(result.firstResponse?.key ?? null).toBe(first);
  });
});

describe("times of the response (days since day 1)", () => {
  const times = (r: BestResponse) => ({
    counted: r.counted,
    afterProgression: r.afterProgression,
    timeToResponse: r.timeToResponse,
    durationOfResponse: r.durationOfResponse,
    timeToProgression: r.timeToProgression,
  });

  it("a response that lasts until the data end: censored at the last assessment", () => {
    // First response (PR) at day 84; no progression; last assessment 126: duration 126 - 84 = 42, censored.
    expect(times(bestResponse(track("42 SD", "84 PR", "126 CR"), plain))).toEqual({
      counted: 3,
      afterProgression: 0,
      timeToResponse: 84,
      durationOfResponse: { days: 42, censored: true },
      timeToProgression: { days: 126, censored: true },
    });
  });

  it("a response ended by progression; assessments after it are left out", () => {
    // PR at 42, PD at 84: duration 84 - 42 = 42, an event; progression at day 84; one assessment after it.
    expect(times(bestResponse(track("42 PR", "84 PD", "126 CR"), plain))).toEqual({
      counted: 2,
      afterProgression: 1,
      timeToResponse: 42,
      durationOfResponse: { days: 42, censored: false },
      timeToProgression: { days: 84, censored: false },
    });
  });

  it("censoring skips NE assessments: the last assessment that was not NE", () => {
    // Response at 42 (confirmed at 84); 126 is NE: censored at 84, so 84 - 42 = 42 and 84 from baseline.
    expect(times(bestResponse(track("42 PR", "84 PR", "126 NE"), confirmed))).toEqual({
      counted: 3,
      afterProgression: 0,
      timeToResponse: 42,
      durationOfResponse: { days: 42, censored: true },
      timeToProgression: { days: 84, censored: true },
    });
  });

  it("no response and only NE: no response times, progression censored at baseline (0)", () => {
    expect(times(bestResponse(track("42 NE", "84 -"), plain))).toEqual({
      counted: 2,
      afterProgression: 0,
      timeToResponse: null,
      durationOfResponse: null,
      timeToProgression: { days: 0, censored: true },
    });
  });
});

describe("responseOptions from untrusted text", () => {
  it.each([
    [null, null, false, 42],
    ["1", "56", true, 56],
    ["true", "0", true, 0],
    ["yes", "365", false, 365],
    ["0", "366", false, 42],
    [undefined, "-7", false, 42],
    [null, "42.5", false, 42],
    [null, " ", false, 42],
    [null, "abc", false, 42],
    [null, "-0", false, 42],
    [null, "1e1", false, 42],
    [null, "0x1F", false, 42],
  ])("confirm %s, minimum %s: %s, %s days", (confirm, days, expectConfirm, expectDays) =>
    expect(responseOptions(confirm, days)).toEqual({ confirm: expectConfirm, minSdDays: expectDays }),
  );
});

/**
 * Best overall response and the times of a subject's response, from the responses of the assessments after
 * baseline (docs/clinical-rules.md, Tumour response). One statement serves both the signed conclusions and the
 * recomputed responses.
 */
import { NON_CR_NON_PD, type Response } from "./timepoint";

/** One assessment after baseline: its day since day 1 and its response (null: none readable, counted NE). */
export interface TrackPoint {
  key: string;
  day: number;
  response: Response | null;
}

export interface ResponseOptions {
  /** Count a CR or PR only when confirmed by a later assessment at least CONFIRM_DAYS on. */
  confirm: boolean;
  /** The minimum days from day 1 for stable disease (or Non-CR/Non-PD) to be a best response. */
  minSdDays: number;
}

export const CONFIRM_DAYS = 28;
export const DEFAULT_MIN_SD_DAYS = 42;
export const DEFAULT_RESPONSE_OPTIONS: Readonly<ResponseOptions> = { confirm: false, minSdDays: DEFAULT_MIN_SD_DAYS };

/** The longest minimum for SD accepted (a year); longer or unreadable values fall back to the default. */
export const MAX_MIN_SD_DAYS = 365;

/**
 * Options from untrusted input (a URL's `confirm` and `sd_days`, say): `confirm` is on only for `1` or `true`;
 * the minimum for SD is a whole number of days from 0 to MAX_MIN_SD_DAYS, else the default.
 */
export function responseOptions(
  confirm: string | null | undefined,
  minSdDays: string | null | undefined,
): ResponseOptions {
  // Digits only: Number() would also read `-0`, `1e1` and `0x1F`, which the links would then write otherwise.
  const text = (minSdDays ?? "").trim();
  const days = Number(text);
  const valid = /^\d{1,3}$/.test(text) && days <= MAX_MIN_SD_DAYS;
  return { confirm: confirm === "1" || confirm === "true", minSdDays: valid ? days : DEFAULT_MIN_SD_DAYS };
}

/** A time in days from a start; censored when the event (progression) was not seen. */
export interface TimeToEvent {
  days: number;
  censored: boolean;
}

export interface BestResponse {
  bor: Response;
  /** The assessments that count: up to and including the first progression. */
  counted: number;
  /** Assessments after the first progression, which never count. */
  afterProgression: number;
  /** The first assessment of the response (CR or PR; confirmed ones only when confirmation is asked for). */
  firstResponse: TrackPoint | null;
  progression: TrackPoint | null;
  /** Days from day 1 to the first response; null without a response. */
  timeToResponse: number | null;
  /**
   * From the first response to progression, or censored at the last assessment that was not NE: a difference of
   * two assessments' days, the same whatever day 1 is.
   */
  durationOfResponse: TimeToEvent | null;
  /** From day 1 to progression, or censored at the last assessment that was not NE (0 when none). */
  timeToProgression: TimeToEvent;
}

const rank = (r: Response | null) => r ?? "NE";
const isCr = (r: Response | null) => r === "CR";
const isCrOrPr = (r: Response | null) => r === "CR" || r === "PR";

/**
 * The best overall response of a track of responses after baseline, and the times of the response. `nonTargetOnly`:
 * the subject has non-target disease only (no target at baseline), so that its stable level is Non-CR/Non-PD
 * (RECIST 1.1 Table 2) and an unconfirmed CR counts as Non-CR/Non-PD rather than SD.
 */
export function bestResponse(
  track: readonly TrackPoint[],
  options: ResponseOptions,
  nonTargetOnly = false,
): BestResponse {
  const pdAt = track.findIndex((p) => p.response === "PD");
  const window = pdAt < 0 ? track : track.slice(0, pdAt + 1);
  const progression = pdAt < 0 ? null : track[pdAt];
  // A response is confirmed by a later counted assessment, CONFIRM_DAYS or more on, that is as good or better.
  const confirmedBy = (i: number, good: (r: Response | null) => boolean) =>
    window.some((q, j) => j > i && q.day - window[i].day >= CONFIRM_DAYS && good(q.response));
  const first = (level: (r: Response | null) => boolean) =>
    window.findIndex((p, i) => level(p.response) && (!options.confirm || confirmedBy(i, level)));
  const crAt = first(isCr);
  const responseAt = first(isCrOrPr);
  // The stable level: any counted response but PD and NE, at least the minimum time from day 1.
  const stable = window.filter(
    (p) => rank(p.response) !== "PD" && rank(p.response) !== "NE" && p.day >= options.minSdDays,
  );
  let bor: Response = "NE";
  if (crAt >= 0) bor = "CR";
  else if (responseAt >= 0) bor = "PR";
  else if (stable.length > 0) bor = stableLevel(stable, nonTargetOnly);
  else if (progression) bor = "PD";
  const firstResponse = responseAt >= 0 ? window[responseAt] : null;
  const lastAssessed = [...window].reverse().find((p) => rank(p.response) !== "NE") ?? null;
  const endOf = (start: number): TimeToEvent =>
    progression
      ? { days: progression.day - start, censored: false }
      : { days: Math.max(0, (lastAssessed?.day ?? start) - start), censored: true };
  return {
    bor,
    counted: window.length,
    afterProgression: track.length - window.length,
    firstResponse,
    progression,
    timeToResponse: firstResponse?.day ?? null,
    durationOfResponse: firstResponse ? endOf(firstResponse.day) : null,
    timeToProgression: endOf(0),
  };
}

/**
 * SD and Non-CR/Non-PD rank alike (CR > PR > SD and Non-CR/Non-PD > PD > NE); which of the two is the best response
 * follows the qualifying responses: SD when any is SD or an unconfirmed PR, or an unconfirmed CR with target disease;
 * otherwise Non-CR/Non-PD (every one Non-CR/Non-PD, or an unconfirmed CR with non-target disease only, where RECIST
 * 1.1 Table 2 does not assign SD).
 */
function stableLevel(stable: readonly TrackPoint[], nonTargetOnly: boolean): Response {
  const sd = stable.some((p) => p.response === "SD" || p.response === "PR" || (p.response === "CR" && !nonTargetOnly));
  return sd ? "SD" : NON_CR_NON_PD;
}

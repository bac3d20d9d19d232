/**
 * The pattern of injury of the possible Hy's law subjects as the page shows it (docs/clinical-rules.md, Pattern of
 * injury by the R ratio): per subject, its peak ALT and the ALP of the same sample, R and the pattern, or why there
 * is none. A plain module: the count table (a server component) reads it.
 */
import { INJURY_PATTERN_LABEL, type NoRatio, type RRatio } from "@/lib/clinical/liver/r-ratio";
import { liverPanelPart } from "./liver-query";

export interface PatternRow {
  subjectId: string;
  /** The subject's part of its profile's address, with its liver panel open (liverAround() is the rest). */
  subject__href: string;
  altTimesUln: number | null;
  altDate: string | null;
  alpTimesUln: number | null;
  alpDate: string | null;
  r: number | null;
  /** The pattern's name, or why there is none ("Not available: ..."). */
  pattern: string;
}

const NOT_AVAILABLE: Record<NoRatio, string> = {
  "no-alt": "Not available: no usable ALT result",
  "alt-undated": "Not available: the ALT peak has no date",
  "no-alp": "Not available: no usable ALP result from the day of the ALT peak",
};

/** The pattern in a word, beside the subject in the count table: its name, or "ALP not available". */
export const patternWord = (ratio: RRatio) =>
  ratio.r === null
    ? ratio.reason === "no-alp"
      ? "ALP not available"
      : "R not available"
    : `${INJURY_PATTERN_LABEL[ratio.pattern].toLowerCase()}, R ${ratio.r}`;

export function patternRows(patterns: readonly { subjectId: string; ratio: RRatio }[]): PatternRow[] {
  return patterns.map(({ subjectId, ratio }) => {
    return {
      subjectId,
      subject__href: liverPanelPart(subjectId),
      altTimesUln: ratio.alt?.timesUln ?? null,
      altDate: ratio.alt?.date ?? null,
      alpTimesUln: ratio.r === null ? null : ratio.alp.timesUln,
      alpDate: ratio.r === null ? null : ratio.alp.date,
      r: ratio.r,
      pattern: ratio.r === null ? NOT_AVAILABLE[ratio.reason] : INJURY_PATTERN_LABEL[ratio.pattern],
    };
  });
}

export const PATTERN_CAPTION =
  "Pattern of injury of the possible Hy's law subjects: R = (ALT / ULN) / (ALP / ULN), ALT and ALP of the sample " +
  "of the ALT peak";

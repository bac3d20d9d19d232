/**
 * For the plot pages' tests: the study's address, the query of the signed BOR, a view of given subjects, the text of
 * rendered markup, and three subjects (one bar, one without a known best change, one not evaluable).
 */
import type { TumourResponseView } from "@/sections/tumour-response/load";
import { parseResponseQuery } from "@/sections/tumour-response/query";
import { subjectOf } from "./test-subjects";

export const STUDY = "/studies/c1/ONC-101";
export const query = parseResponseQuery(new URLSearchParams("bor=signed"));
export const viewOf = (
  subjects: ReturnType<typeof subjectOf>[],
  dayOne: TumourResponseView["dayOne"] = { anchor: "baseline", fellBack: [] },
) => ({ subjects, dayOne }) as unknown as TumourResponseView;
export const text = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'");

export const SUBJECTS = [
  subjectOf({ id: "S1", best: -40, signed: "PR", visits: [{ day: 42, pct: -40, nadirPct: -40, signed: "PR" }] }),
  subjectOf({ id: "S2", best: null, signed: "NE", visits: [{ day: 42, pct: null }] }),
  subjectOf({ id: "S3", notEvaluable: "no baseline" }),
];

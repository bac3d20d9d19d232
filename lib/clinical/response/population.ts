/**
 * Who N counts in the response rates (docs/clinical-rules.md, Evaluable subjects): the evaluable subjects, or by
 * intent to treat. Apart from study-response.ts, so that the pages' browser code reads the choice without the exact
 * intervals' statistics library.
 */
import type { SubjectResponse } from "./subject-response";

/** Who N counts: the evaluable subjects (the default), or intent to treat. */
export type Population = "evaluable" | "itt";
export const POPULATIONS: readonly Population[] = ["evaluable", "itt"];
export const DEFAULT_POPULATION: Population = "evaluable";

/** The population an address names (`population=itt`), or the default for anything else. */
export const populationOf = (value: string | null | undefined): Population =>
  value === "itt" ? "itt" : DEFAULT_POPULATION;

/**
 * Whether a subject counts in N: evaluable; or, for intent to treat, left out only for having no assessment after
 * baseline (its baseline shows disease the rules can follow), counted NE.
 */
export const inPopulation = (s: Pick<SubjectResponse, "notEvaluable">, population: Population): boolean =>
  s.notEvaluable === null || (population === "itt" && s.notEvaluable === "no post-baseline assessment");

/**
 * Who N counts, in words, with both Ns (docs/clinical-rules.md, Study rates): the evaluable subjects, or intent to
 * treat (the evaluable subjects and those with disease at baseline but no assessment after it, counted NE); ORR and
 * DCR and their exact intervals are over the N in force.
 */
import type { StudyResponse } from "@/lib/clinical/response/study-response";

export function populationText(s: Pick<StudyResponse, "population" | "n" | "evaluable" | "itt">): string {
  const both = `${s.evaluable} evaluable, ${s.itt} by intent to treat`;
  const added = s.itt - s.evaluable;
  return s.population === "itt"
    ? `N = ${s.n}, intent to treat (${both}): the ${added} with disease at baseline but no assessment after it ` +
        "count NE; ORR and DCR are over this N"
    : `N = ${s.n}, the evaluable subjects (${both}); ORR (CR + PR) and DCR (CR + PR + SD + Non-CR/Non-PD) are ` +
        "over this N";
}

/**
 * RECIST 1.1 Table 2 written out for the generator's tests (not a test file itself), independently of the
 * generator's own statement (recist-rules.ts): the overall response of a subject with non-target disease only
 * (docs/clinical-rules.md, RECIST 1.1), from the lesions of one assessment as served.
 */
import type { LesionRow } from "./test-fixture";

type Lesion = Pick<LesionRow, "category" | "state" | "is_node" | "value">;

const unevaluated = (l: Lesion) => l.state === "Not assessed" || l.state === "Not evaluable";
/** Gone: disappeared, or a node back under 10 mm short axis. */
const gone = (l: Lesion) => l.state === "Disappeared" || (l.is_node === 1 && l.value !== null && l.value < 10);

/**
 * A new lesion or a non-target in unequivocal progression is Progressive Disease; else a non-target not assessed or
 * not evaluable is Not Evaluable; else every non-target gone is Complete Response; else Non-CR/Non-PD.
 */
export function tableTwoConclusion(lesions: readonly Lesion[]): string {
  const nonTargets = lesions.filter((l) => l.category === "Non-target");
  if (lesions.some((l) => l.category === "New lesion") || nonTargets.some((l) => l.state === "Uneqv. prog."))
    return "Progressive Disease";
  if (nonTargets.some(unevaluated)) return "Not Evaluable";
  return nonTargets.length > 0 && nonTargets.every(gone) ? "Complete Response" : "Non-CR/Non-PD";
}

/** A baseline of non-target disease only: lesions, none a target and none measurable (10 mm, nodes 15 mm). */
export function nonTargetOnlyBaseline(lesions: readonly Lesion[]): boolean {
  const measurable = (l: Lesion) => l.value !== null && l.value >= (l.is_node === 1 ? 15 : 10);
  return lesions.length > 0 && lesions.every((l) => l.category === "Non-target" && !measurable(l));
}

/**
 * What a study's pages offer besides the section shown (docs/design.md, Nothing offered that does not apply): the
 * study's sections and its export pack, less what does not apply to the study. A study the user's connection does
 * not list, or the partner service does not grant, is offered nothing: its page says why. A study that sends no
 * response assessment and no lesion measurement (no imaging) has no Tumour response section to offer.
 */
import { failureOf } from "@/lib/connections/failure";
import type { StudyData } from "@/lib/study/study-rows";

export interface StudyOffer {
  /** Nothing of the study can be read: no section and no export pack is offered. */
  refused: boolean;
  /** Whether the study sends response assessments or lesion measurements: else no Tumour response section. */
  response: boolean;
}

const EVERYTHING: StudyOffer = { refused: false, response: true };
const NOTHING: StudyOffer = { refused: true, response: false };

/**
 * Read from the study's response assessments (which the subject list loads too), and its imaging only when it has
 * none. A failure that Refresh or Settings may mend (a busy or unreachable service, a wrong secret) takes nothing
 * away: the section shown says what went wrong.
 */
export async function studyOffer(study: StudyData & { listed: boolean }): Promise<StudyOffer> {
  if (!study.listed) return NOTHING;
  try {
    if ((await study.rows("DiagnosticReport")).value.rows.length > 0) return EVERYTHING;
    return { refused: false, response: (await study.rows("imaging")).value.rows.length > 0 };
  } catch (error) {
    return failureOf(error)?.kind === "forbidden" ? NOTHING : EVERYTHING;
  }
}

/**
 * The words of the "Test connection" report. The report carries facts
 * (lib/connections/test-connection.ts); its failures are worded by the same
 * function as the study page's (components/feedback/error-advice.ts), with
 * "test again" as the way to try again.
 */
import { errorAdvice } from "@/components/feedback/error-advice";
import type { StudyCheck, TestState } from "@/lib/connections/connection-input";
import type { Failure } from "@/lib/connections/failure";

const AGAIN = "test the connection again";

/** A test refused because the user tested too often lately (lib/connections/test-limit.ts). */
export const TESTS_LIMITED = "You tested connections many times in a short while; wait a minute and test again.";
/** A test refused because the server cannot count tests just now (docs/coordination.md, When Redis does not answer). */
export const TESTS_NOT_COUNTED =
  "The server cannot count connection tests just now, so this one was not sent. Test again shortly.";

/** A failure of the test, in the sentences the study page would use. */
export const failureText = (failure: Failure, partnerId: string) =>
  errorAdvice(failure, { partnerId, again: AGAIN }).detail;

/** One study's line after its number: "accessible, 12 subjects", or "forbidden. ..." / "error. ...". */
export function studyCheckText(check: StudyCheck, partnerId: string): string {
  if (check.status === "accessible")
    return `accessible, ${check.subjects} ${check.subjects === 1 ? "subject" : "subjects"}`;
  return `${check.status}. ${failureText(check.failure, partnerId)}`;
}

/** The sentence for a test refused before it started; undefined when the test ran (then the report speaks). */
export function refusedText(state: Exclude<TestState, null>, partnerId: string): string | undefined {
  if (state.ok) return undefined;
  if ("limited" in state) return state.limited.kind === "tests-limited" ? TESTS_LIMITED : TESTS_NOT_COUNTED;
  return "unusable" in state ? failureText(state.unusable, partnerId) : state.message;
}

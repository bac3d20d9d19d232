/**
 * What a user reads when a study download (the export pack) cannot start: the study not on the connection's list,
 * or the partner's refusal or failure in the words of error-advice.ts, with the HTTP status that says it. Facts only
 * from the portal's own data (the study number was checked, the partner ID is the connection's): nothing reflected.
 */
import { failureOf } from "@/lib/connections/failure";
import { StudyNotListedError } from "@/lib/study-views/open-user-study";
import { errorAdvice } from "./error-advice";

export interface DownloadFailure {
  status: number;
  title: string;
  detail: string;
}

const STATUS: Record<string, number> = { forbidden: 403, "not-allowed": 409, "secret-unreadable": 409 };

/** The words and status of a failure to load a study's data; undefined for an error nobody planned for. */
export function downloadFailure(err: unknown, partnerId: string): DownloadFailure | undefined {
  if (err instanceof StudyNotListedError)
    return {
      status: 404,
      title: "This study is not on the connection's list",
      detail: `${err.message} Add it in Settings to download its data.`,
    };
  const failure = failureOf(err);
  if (!failure) return undefined;
  const { title, detail } = errorAdvice(failure, { partnerId, again: "try the download again" });
  return { status: STATUS[failure.kind] ?? 502, title, detail };
}

/** The same for a download that cannot start because too many are being written. */
export const TOO_MANY_DOWNLOADS: DownloadFailure = {
  status: 429,
  title: "Too many export packs at once",
  detail: "Export packs are being written for you or others right now. Wait until one has finished, then try again.",
};

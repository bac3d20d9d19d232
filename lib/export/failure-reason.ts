import { AuditUnavailableError } from "@/lib/audit/unavailable";

/** Why an export job failed, for a clinician: what happened, and what to do (a table's file or the pack alike). */
export function failureReason(err: unknown): string {
  // The file was written but could not be recorded, so it is not handed out (docs/audit.md).
  if (err instanceof AuditUnavailableError) return err.message;
  if ((err as NodeJS.ErrnoException)?.code === "ENOSPC")
    return (
      "The server ran out of disk space while writing the file. Try again later; " +
      "if it happens again, tell the portal's administrator."
    );
  return (
    "The file could not be written because of an error on the server. Try again; " +
    "if it happens again, tell the portal's administrator."
  );
}

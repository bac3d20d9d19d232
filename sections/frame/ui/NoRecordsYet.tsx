/**
 * A section's word when the partner service sends none of its records for the study: what is missing, and what
 * to do (records may come with a later data cut).
 */
export function NoRecordsYet({ records, study }: { records: string; study: string }) {
  return (
    <p>
      The partner service sends no {records} for study {study} yet. Press Refresh later to check again.
    </p>
  );
}

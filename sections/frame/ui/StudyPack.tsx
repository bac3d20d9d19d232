"use client";
/**
 * The study's export pack in the study header (docs/export-pack.md): of the latest data, or on a page that reads a
 * past snapshot (the study filter's `snapshot`) of that snapshot, which the pack's manifest names and the control
 * says, so that a reader never takes one for the other.
 */
import { useSearchParams } from "next/navigation";
import { ExportControl } from "@/components/export/ExportControl";
import { parseStudyFilter } from "../study-filter";

export function StudyPack({ study }: { study: string }) {
  const { snapshot } = parseStudyFilter(useSearchParams());
  return (
    <>
      <ExportControl pack snapshot={snapshot} label={`pack of study ${study}`} />
      <p>The study in the shape of CDISC SDTM as CSV and Dataset-JSON, data dictionary, derived tables, manifest.</p>
      {snapshot !== undefined && (
        <p role="note">The pack holds the past snapshot this page shows, not the latest data.</p>
      )}
    </>
  );
}

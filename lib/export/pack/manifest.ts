/**
 * manifest.json (docs/export-pack.md, Manifest): what the pack is of, who made it and when, and for every other
 * file of the pack its rows, size in bytes and SHA-256, so that a recipient can check each file they received.
 */
import type { ResponseOptions } from "@/lib/clinical/response/best-response";
import type { DataSnapshot } from "@/lib/snapshots/study-snapshots";
import type { RejectedOfType } from "@/lib/study/section-data";
import { DATASET_JSON_VERSION } from "./dataset-json-file";
import type { WrittenFile } from "./zip-entry";

export interface PackPeople {
  connection: { name: string; partnerId: string };
  user: { email: string; name: string };
}

export interface Manifest {
  format: "Study Portal export pack";
  study: string;
  /** The #SponsorID the study's Patients carry; null when none, or when they disagree (then all are listed). */
  sponsorStudyNumber: string | null;
  sponsorStudyNumbers: string[];
  connection: PackPeople["connection"];
  /** The oldest load of the rows the pack is made of, ISO 8601. */
  dataAsOf: string;
  /**
   * The study snapshot the pack is made of (docs/snapshots.md, Exports): a past one reopened or the latest data's,
   * its time (ISO 8601) and fingerprint; null where the portal kept none of these data.
   */
  snapshot: { kind: DataSnapshot["kind"]; takenAt: string; fingerprint: string } | null;
  portalVersion: string;
  user: PackPeople["user"];
  createdAt: string;
  datasetJsonVersion: string;
  /** The options of the best overall responses in the derived tables. */
  responseOptions: ResponseOptions;
  /** Records the partner sent that the contract's schemas refused: in no file. */
  recordsRefused: RejectedOfType[];
  files: WrittenFile[];
}

export interface ManifestInput extends PackPeople {
  study: string;
  sponsorStudyNumbers: string[];
  dataAsOf: string;
  snapshot?: DataSnapshot | null;
  portalVersion: string;
  createdAt: string;
  responseOptions: ResponseOptions;
  recordsRefused: RejectedOfType[];
  files: WrittenFile[];
}

export function manifest(input: ManifestInput): Manifest {
  const numbers = input.sponsorStudyNumbers;
  return {
    format: "Study Portal export pack",
    study: input.study,
    sponsorStudyNumber: numbers.length === 1 ? numbers[0] : null,
    sponsorStudyNumbers: numbers,
    connection: { name: input.connection.name, partnerId: input.connection.partnerId },
    dataAsOf: input.dataAsOf,
    snapshot: input.snapshot ? { ...input.snapshot, takenAt: new Date(input.snapshot.takenAt).toISOString() } : null,
    portalVersion: input.portalVersion,
    user: { email: input.user.email, name: input.user.name },
    createdAt: input.createdAt,
    datasetJsonVersion: DATASET_JSON_VERSION,
    responseOptions: input.responseOptions,
    recordsRefused: input.recordsRefused,
    files: input.files,
  };
}

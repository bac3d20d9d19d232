/**
 * The Changes section's URL contract: the two study snapshots compared (each by its id: lib/snapshots/
 * study-snapshots.ts) and the filters of its listing (one record type, one kind of change, one subject), each
 * ignored when it names nothing the study has; and the URL prefix of its listing's state.
 *
 *   from=<older snapshot>   to=<newer snapshot>   (default: the previous and the latest)
 *   type=<record type>   kind=added|changed|removed   subject=<subject ID>
 *   listing   ch_sort, ch_f_<column>, ch_q, ch_page, ch_size (lib/tables/url-state.ts)
 */
import { CHANGED_RECORD_TYPES, type ChangedRecordType, type ChangeKind } from "@/lib/snapshots/changes";
import type { ParamSource } from "@/lib/tables/url-state";

export const CHANGE_KINDS: readonly ChangeKind[] = ["added", "changed", "removed"];

export interface ChangesQuery {
  from: number | null;
  to: number | null;
  type: ChangedRecordType | null;
  kind: ChangeKind | null;
  subject: string | null;
}

const MAX_PARAM = 200;

const snapshotId = (text: string | null) => (text !== null && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null);

export function parseChangesQuery(searchParams: ParamSource): ChangesQuery {
  const type = searchParams.get("type");
  const kind = searchParams.get("kind");
  const subject = searchParams.get("subject");
  return {
    from: snapshotId(searchParams.get("from")),
    to: snapshotId(searchParams.get("to")),
    type: CHANGED_RECORD_TYPES.find((t) => t === type) ?? null,
    kind: CHANGE_KINDS.find((k) => k === kind) ?? null,
    subject: subject !== null && subject !== "" && subject.length <= MAX_PARAM ? subject : null,
  };
}

export { CHANGES_LISTING, changesHref } from "@/sections/frame/addresses";

/**
 * The administrators' purge of one partner identity's snapshots of a study, from its form (/admin/snapshots): the
 * identity and study checked, the snapshots deleted (./snapshot-usage.ts), and the purge in the audit trail.
 */
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Requester } from "@/lib/audit/request-address";
import type { Store } from "@/lib/store/store";
import { studyNumberSchema } from "@/partner-api/study-number";
import { purgeStudySnapshots } from "./snapshot-usage";

const purgeInput = z.object({ identity: z.string().regex(/^[0-9a-f]{64}$/), study: studyNumberSchema });

export type PurgeOutcome = { ok: true; study: string; snapshots: number; chunks: number } | { ok: false };

export async function purgeFromForm(store: Store, who: Requester, formData: FormData, now = Date.now()) {
  const input = purgeInput.safeParse({ identity: formData.get("identity"), study: formData.get("study") });
  if (!input.success) return { ok: false } satisfies PurgeOutcome;
  const { identity, study } = input.data;
  const purged = await purgeStudySnapshots(store, identity, study, now);
  await recordAudit(store, {
    actor: who.userId,
    address: who.address,
    action: "snapshots.purge",
    study,
    details: { identity, ...purged },
  });
  return { ok: true, study, ...purged } satisfies PurgeOutcome;
}

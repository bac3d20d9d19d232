/**
 * When each data-check finding of a study was first found (docs/review.md, Data-check findings), per partner
 * organisation and study, in the portal store: the findings found in the newest data checked, each with the time of
 * the data it was first found in, and that newest time. A check of newer data adds the findings it finds new and
 * forgets those no longer found (found again later, a finding is new then), so the table holds at most the findings
 * of one check; a check of more than MAX_FINDINGS findings keeps none of them. The first check of a study cannot
 * tell whether its findings were there before: it says so (`firstCheck`).
 */
import type { Store } from "@/lib/store/store";

/** Findings of one check kept at most: beyond, first found is not kept for the study. */
export const MAX_FINDINGS = 100_000;
const BATCH = 1000;

/** One study of one organisation (lib/review/organisation.ts). */
export interface FindingsPlace {
  organisation: string;
  study: string;
}

export interface FirstFound {
  /** The time of the data the finding was first found in (ms). */
  at: number;
  /** Found at the first check of the study: in those data or earlier ones. */
  firstCheck: boolean;
}

/** The findings of the data of time `at` (ms), by key. */
export interface FindingsCheck {
  at: number;
  keys: readonly string[];
}

/** The time of the newest data whose findings were recorded (ms); null: none yet. */
export async function checkedAt(store: Store, place: FindingsPlace): Promise<number | null> {
  const row = await store.db
    .selectFrom("check_findings_checked")
    .select("checked_at")
    .where("organisation", "=", place.organisation)
    .where("study", "=", place.study)
    .executeTakeFirst();
  return row ? Date.parse(row.checked_at) : null;
}

/**
 * Records a check of data newer than any checked, in one transaction: its new findings first found then, those no
 * longer found forgotten. A check no newer than the recorded one (another instance's) changes nothing.
 */
export async function recordCheck(store: Store, place: FindingsPlace, check: FindingsCheck): Promise<void> {
  await store.write(async (tx) => {
    const before = await checkedAt(tx, place);
    if (before !== null && before >= check.at) return;
    const keys = check.keys.length > MAX_FINDINGS ? [] : check.keys;
    const held = await keptKeys(tx, place);
    const now = new Set(keys);
    const gone = [...held].filter((k) => !now.has(k));
    const added = keys.filter((k) => !held.has(k));
    const at = new Date(check.at).toISOString();
    for (let i = 0; i < gone.length; i += BATCH)
      await inPlace(tx.db.deleteFrom("check_findings"), place)
        .where("finding_key", "in", gone.slice(i, i + BATCH))
        .execute();
    for (let i = 0; i < added.length; i += BATCH)
      await tx.db
        .insertInto("check_findings")
        .values(
          added.slice(i, i + BATCH).map((finding_key) => ({
            ...columnsOf(place),
            finding_key,
            first_found_at: at,
            first_check: before === null ? 1 : 0,
          })),
        )
        .onConflict((c) => c.columns(["organisation", "study", "finding_key"]).doNothing())
        .execute();
    await tx.db
      .insertInto("check_findings_checked")
      .values({ ...columnsOf(place), checked_at: at })
      .onConflict((c) => c.columns(["organisation", "study"]).doUpdateSet({ checked_at: at }))
      .execute();
  });
}

/** When each finding of the newest check was first found, by key. */
export async function firstFound(store: Store, place: FindingsPlace): Promise<Map<string, FirstFound>> {
  const rows = await inPlace(store.db.selectFrom("check_findings"), place)
    .select(["finding_key", "first_found_at", "first_check"])
    .execute();
  return new Map(
    rows.map((r) => [r.finding_key, { at: Date.parse(r.first_found_at), firstCheck: r.first_check === 1 }]),
  );
}

const columnsOf = (place: FindingsPlace) => ({ organisation: place.organisation, study: place.study });

interface Narrowed<T> {
  where(column: "organisation" | "study", op: "=", value: string): T;
}

const inPlace = <T extends Narrowed<T>>(query: T, place: FindingsPlace): T =>
  query.where("organisation", "=", place.organisation).where("study", "=", place.study);

async function keptKeys(store: Store, place: FindingsPlace): Promise<Set<string>> {
  const rows = await inPlace(store.db.selectFrom("check_findings"), place).select("finding_key").execute();
  return new Set(rows.map((r) => r.finding_key));
}

/**
 * A follow-up scan read as unchanged: the lesions of the subject's last served scan at the same sizes, six weeks
 * later. What the reading system reports for it (target sum, changes from baseline, previous and nadir, per scan
 * and per lesion, and the conclusion) is derived from its own lesions and the subject's served scans by the rules
 * every generated assessment follows (generator/metrics.ts), never copied: a copied change from nadir is wrong once
 * the copied scan was itself the nadir, and a copied deliberate imperfection would be a new, undocumented one.
 */
import { lesionChanges, metricsSeries } from "../generator/metrics";
import type { LesionDef, Reading } from "../generator/recist-baseline";
import { type LesionCategory, RESPONSE_LABEL } from "../generator/recist-rules";
import type { CutContext } from "./cut-context";
import type { Held, Row } from "./cut-rows";
import { shiftDays } from "./cut-values";
import { lesionsOf } from "./study-state";

/** A stored lesion row as the reading it records; `baseline` is the lesion's size at the subject's baseline scan. */
function readingOf(row: Row, baseline: number | null): Reading {
  const def: LesionDef = {
    label: String(row.label),
    organ: String(row.organ),
    isNode: row.is_node === 1,
    category: row.category as LesionCategory,
    baseline,
    modality: row.modality as LesionDef["modality"],
    seriesNumber: Number(row.series_number),
    seriesDescription: String(row.series_description),
    instance: Number(row.instance_number),
  };
  return { def, isNode: def.isNode, state: String(row.state), value: row.value as number | null };
}

/** Each scan's lesion rows as readings, baseline first. */
function readingSeries(scans: readonly Row[][]): Reading[][] {
  const atBaseline = new Map((scans[0] ?? []).map((l) => [String(l.label), l.value as number | null]));
  return scans.map((lesions) => lesions.map((l) => readingOf(l, atBaseline.get(String(l.label)) ?? null)));
}

/**
 * Whether the subject's last served scan may be read again unchanged: not after progression (nothing is scanned
 * for response after it), and never a deliberate imperfection, which a copy would repeat outside the documented list.
 */
export function mayRepeat(ctx: CutContext, last: Held): boolean {
  return last.row.conclusion !== RESPONSE_LABEL.PD && !ctx.avoid.has(String(last.row.assessment_id));
}

/** Adds a scan six weeks after `served`'s last (the subject's served scans by timepoint), read as unchanged. */
export function repeatScan(ctx: CutContext, served: readonly Held[]): void {
  const last = served[served.length - 1];
  const a = last.row;
  const scans = served.map((s) => lesionsOf(ctx.db, s.order).map((l) => l.row));
  const copied = scans[scans.length - 1];
  const series = readingSeries([...scans, copied]);
  const k = series.length - 1;
  const metrics = metricsSeries(series)[k];
  const id = ctx.orders.assessmentId(ctx.rng);
  const effective = shiftDays(String(a.effective_at), 42);
  const timepoint = (a.timepoint as number) + 1;
  const rowId = ctx.orders.take("assessments");
  const scan: Row = {
    ...a,
    row_id: rowId,
    assessment_id: id,
    assessment_revision: 1,
    revision_date: shiftDays(effective, 2),
    pi_signed: 1,
    name: `Follow-up ${timepoint}`,
    timepoint,
    current_value: metrics.sum,
    change_previous: metrics.changePrevious,
    change_baseline: metrics.changeBaseline,
    change_nadir: metrics.changeNadir,
    effective_at: effective,
    conclusion: metrics.conclusion,
  };
  ctx.draft.added("assessments", scan, rowId, "new assessment");
  copied.forEach((l, i) => {
    const order = ctx.orders.take("lesions");
    const changes = lesionChanges(series, k, series[k][i]);
    const lesion: Row = {
      ...l,
      row_id: order,
      lesion_id: `${a.case_id}-${id}-${l.label}`,
      assessment_row: rowId,
      change_previous: changes.changePrevious,
      change_baseline: changes.changeBaseline,
      change_nadir: changes.changeNadir,
      effective_at: effective,
    };
    ctx.draft.added("lesions", lesion, order, "new assessment");
  });
}

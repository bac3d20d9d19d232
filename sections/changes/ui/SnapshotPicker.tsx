/**
 * The two study snapshots compared, chosen in a plain GET form (it works without scripts): each listed by its
 * "data as of" time, newest first; the page compares them in time order whichever way they were chosen.
 */
import uiStyles from "@/components/ui/ui.module.css";
import type { ChangesView, SnapshotChoice } from "../load";
import { snapshotWords } from "../tables";

function Choice({
  id,
  name,
  label,
  value,
  snapshots,
}: {
  id: string;
  name: string;
  label: string;
  value: number;
  snapshots: readonly SnapshotChoice[];
}) {
  return (
    <span>
      <label htmlFor={id}>{label}</label>{" "}
      <select id={id} name={name} defaultValue={String(value)}>
        {snapshots.map((s, i) => (
          <option key={s.id} value={s.id}>
            {snapshotWords(s.takenAt)}
            {i === 0 ? " (latest)" : ""}
          </option>
        ))}
      </select>
    </span>
  );
}

export function SnapshotPicker({ view, base }: { view: ChangesView; base: string }) {
  if (!view.older || !view.newer) return null;
  return (
    <form key={`${view.older.id}:${view.newer.id}`} method="get" action={base} className={uiStyles.toolbar}>
      <Choice id="changes-from" name="from" label="From snapshot" value={view.older.id} snapshots={view.snapshots} />
      <Choice id="changes-to" name="to" label="To snapshot" value={view.newer.id} snapshots={view.snapshots} />
      <button type="submit">Compare</button>
    </form>
  );
}

"use client";
/**
 * The frame of every chart: its title, the chart itself, and its data one
 * click away, a table of exactly the plotted values (sortable, filterable,
 * paged), with their export written by the server (./chart-table.ts). Whether the table is open is kept in the URL
 * (`<id>_table=1`), so a link reproduces it. When the chart shows part of
 * the data (a choice of subjects, the most frequent terms), `shown` says so.
 * The table follows the URL too: a chart may open it on one of its records
 * (`<id>_table=1` with an exact filter, sections/subject-profile/ui/open-target.ts),
 * and its element is `<id>-data`, where such a link leads. The disclosure is a Radix Collapsible (controlled here,
 * so that the URL stays its one source): its button carries aria-expanded and aria-controls.
 */
import * as Collapsible from "@radix-ui/react-collapsible";
import { useSearchParams } from "next/navigation";
import { type ReactNode, useEffect, useId, useState } from "react";
import { DataTable } from "@/components/data-table/DataTable";
import { useHydrated } from "@/components/data-table/use-hydrated";
import { ExportControl } from "@/components/export/ExportControl";
import type { TableRows } from "@/lib/tables/packed-rows";
import type { DataColumn } from "@/lib/tables/types";
import { chartDataId } from "./chart-data-id";
import { chartTable } from "./chart-table";
import styles from "./charts.module.css";

export interface ChartPanelProps {
  /** Letters, digits and `_`: the chart's name in the URL. */
  id: string;
  title: string;
  /** Exactly the plotted values, one row per point, bar or segment. */
  columns: DataColumn[];
  /** Packed by a server component (lib/tables/packed-rows.ts); a client component's as they are. */
  rows: TableRows;
  /** The chart's data among the server's exports (sections/exports.ts). */
  exportAs: { view: string; table: string };
  /** "Showing N of M ..." when the chart shows a choice of the data. */
  shown?: string;
  children: ReactNode;
}

export function ChartPanel({ id, title, columns, rows, exportAs, shown, children }: ChartPanelProps) {
  const params = useSearchParams();
  const param = `${id}_table`;
  const asked = params.get(param) === "1";
  const [open, setOpen] = useState(asked);
  // The URL changed by other means (a chart's click, back and forward): follow it.
  useEffect(() => setOpen(asked), [asked]);
  const tableId = useId();
  // Disabled until the page's script runs, as the tables' controls are: before then a press would do nothing.
  const hydrated = useHydrated();
  const toggle = (next: boolean) => {
    setOpen(next);
    const query = new URLSearchParams(window.location.search);
    if (next) query.set(param, "1");
    else query.delete(param);
    const q = query.toString();
    // null, not history.state: Next.js then folds the change into its router (see use-url-state.ts).
    window.history.replaceState(null, "", `${window.location.pathname}${q ? `?${q}` : ""}`);
  };
  return (
    <figure className={styles.panel} aria-labelledby={`${tableId}-title`}>
      <figcaption id={`${tableId}-title`} className={styles.title}>
        {title}
      </figcaption>
      {shown ? <p className={styles.shown}>{shown}</p> : null}
      {children}
      <Collapsible.Root open={open} onOpenChange={toggle}>
        <div className={styles.actions}>
          {/* aria-controls also while closed: the table's element is always there (forceMount), hidden. */}
          <Collapsible.Trigger aria-controls={chartDataId(id)} disabled={!hydrated}>
            {open ? "Hide data table" : "Show data table"}
          </Collapsible.Trigger>
          <ExportControl view={exportAs.view} table={exportAs.table} label={`the data of the chart: ${title}`} />
        </div>
        <Collapsible.Content forceMount id={chartDataId(id)} hidden={!open}>
          {open ? <DataTable {...chartTable(id, title, columns, rows)} exportAs={null} /> : null}
        </Collapsible.Content>
      </Collapsible.Root>
    </figure>
  );
}

"use client";
/**
 * A table whose rows are sorted, filtered and paged on the server
 * (lib/tables/server-table.ts): the browser holds one page. It looks and
 * reads like DataTable and keeps the same URL state, but each change is a
 * navigation that the server answers with the new page. Filters are sent
 * after a short pause in typing, not at each keystroke. Lean when small
 * (./lean.ts), with a Columns chooser when wide (./column-choice.ts).
 */
import { useId, useMemo } from "react";
import { ExportControl } from "@/components/export/ExportControl";
import { tableKey } from "@/lib/db/table-column-rules";
import type { TablePage } from "@/lib/tables/server-table";
import { DEFAULT_PAGE_SIZES } from "@/lib/tables/url-state";
import { ColumnChooser } from "./ColumnChooser";
import { offersChooser, useColumnChoice } from "./column-choice";
import styles from "./data-table.module.css";
import { columnsInUse, isLean } from "./lean";
import { Pager } from "./parts";
import { ServerBodyRows, ServerFilterRow, ServerHeaderRow, ServerToolbar } from "./server-parts";
import { useServerRowTarget } from "./use-row-target";
import { useServerTable } from "./use-server-table";

export interface ServerDataTableProps {
  caption: string;
  page: TablePage;
  pageSizes?: number[];
  urlPrefix?: string;
  /** The table among the server's exports (sections/exports.ts). */
  exportAs?: { view: string; table: string };
  /** The page states how many rows the table holds (a heading's count): the pager does not say it again. */
  countStated?: boolean;
  /**
   * The row property holding each row's element ID (TablePage's ROW_ID): a link to `#<id>` from another page opens
   * the row scrolled to and marked (:target), when the page the server sent holds it.
   */
  rowId?: string;
}

export function ServerDataTable({
  caption,
  page,
  pageSizes = [...DEFAULT_PAGE_SIZES],
  urlPrefix,
  exportAs,
  countStated,
  rowId,
}: ServerDataTableProps) {
  const tableId = useId();
  const t = useServerTable(page, pageSizes, urlPrefix);
  useServerRowTarget(page.rows, rowId);
  const inUse = useMemo(() => columnsInUse(t.state), [t.state]);
  const choice = useColumnChoice(page.columns, exportAs ? tableKey(exportAs) : null, inUse);
  const lean = isLean(page.total, t.state, page.pageSize);
  return (
    <div aria-busy={t.pending}>
      <ServerToolbar tableId={tableId} table={t} lean={lean}>
        {offersChooser(page.columns) ? (
          <ColumnChooser tableId={tableId} columns={page.columns} choice={choice} inUse={inUse} />
        ) : null}
        {exportAs ? <ExportControl view={exportAs.view} table={exportAs.table} label={caption} /> : null}
      </ServerToolbar>
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption>{caption}</caption>
          <thead>
            <ServerHeaderRow columns={choice.shown} sorting={t.state.sorting} onSort={t.sortBy} />
            {lean ? null : (
              <ServerFilterRow columns={choice.shown} tableId={tableId} typed={t.typed} onType={t.typeFilter} />
            )}
          </thead>
          <tbody>
            <ServerBodyRows page={page} columns={choice.shown} carried={t.carried} rowId={rowId} />
          </tbody>
        </table>
      </div>
      {lean ? null : (
        <Pager
          tableId={tableId}
          pageSizes={pageSizes}
          pageIndex={page.pageIndex}
          pageSize={page.pageSize}
          filtered={page.filtered}
          total={page.total}
          onPage={(pageIndex) => t.go({ ...t.state, pageIndex })}
          onPageSize={(pageSize) => t.go({ ...t.state, pageSize, pageIndex: 0 })}
          // The server holds the rows: a printout is the page on screen, and says so.
          printed="page"
          countStated={countStated}
        />
      )}
    </div>
  );
}

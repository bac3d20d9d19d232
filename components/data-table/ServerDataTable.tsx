"use client";
/**
 * A table whose rows are sorted, filtered and paged on the server
 * (lib/tables/server-table.ts): the browser holds one page. It looks and
 * reads like DataTable and keeps the same URL state, but each change is a
 * navigation that the server answers with the new page. Filters are sent
 * after a short pause in typing, not at each keystroke.
 */
import { useId } from "react";
import { ExportControl } from "@/components/export/ExportControl";
import type { TablePage } from "@/lib/tables/server-table";
import { DEFAULT_PAGE_SIZES } from "@/lib/tables/url-state";
import styles from "./data-table.module.css";
import { Pager } from "./parts";
import { ServerBodyRows, ServerFilterRow, ServerHeaderRow, ServerToolbar } from "./server-parts";
import { useServerTable } from "./use-server-table";

export interface ServerDataTableProps {
  caption: string;
  page: TablePage;
  pageSizes?: number[];
  urlPrefix?: string;
  /** The table among the server's exports (sections/exports.ts). */
  exportAs?: { view: string; table: string };
}

export function ServerDataTable({
  caption,
  page,
  pageSizes = [...DEFAULT_PAGE_SIZES],
  urlPrefix,
  exportAs,
}: ServerDataTableProps) {
  const tableId = useId();
  const t = useServerTable(page, pageSizes, urlPrefix);
  return (
    <div aria-busy={t.pending}>
      <ServerToolbar tableId={tableId} table={t}>
        {exportAs ? <ExportControl view={exportAs.view} table={exportAs.table} label={caption} /> : null}
      </ServerToolbar>
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption>{caption}</caption>
          <thead>
            <ServerHeaderRow columns={page.columns} sorting={t.state.sorting} onSort={t.sortBy} />
            <ServerFilterRow columns={page.columns} tableId={tableId} typed={t.typed} onType={t.typeFilter} />
          </thead>
          <tbody>
            <ServerBodyRows page={page} carried={t.carried} />
          </tbody>
        </table>
      </div>
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
      />
    </div>
  );
}

/** A table's export: from the user's study and the page's request to the table as the page shows it. */

import type { TableRequest } from "@/lib/export/export-sources";
import type { ExportTable } from "@/lib/export/export-table";
import type { UserStudy } from "@/lib/study-views/open-user-study";

export type Source = (access: UserStudy, request: TableRequest) => Promise<ExportTable | undefined>;

/** A view's tables, by "<view>:<table>" (the view's slug below the study, the table's ID). */
export type Sources = Record<string, Source>;

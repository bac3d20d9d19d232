/** The Liver safety page's exports (laboratory/liver): the eDISH chart's data, the quadrant counts and the subjects. */

import type { EdishParams } from "@/lib/clinical/liver/edish";
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { UserStudy } from "@/lib/study/open-user-study";
import { sourcesOf } from "@/sections/frame/export-source";
import { parseLiverQuery } from "./liver-query";
import { edishTable, LIVER_TABLES, liverRows, liverSubjectsTable, quadrantCaption, quadrantDef } from "./liver-tables";
import { loadLiver } from "./load-liver";

async function load(access: UserStudy, searchParams: URLSearchParams) {
  const query = parseLiverQuery(searchParams);
  const view = await loadLiver(access, query.settings);
  return { query, view, rows: liverRows(view.plot.points, view.only) };
}

/** The file's label: the transaminase, and the scale when it is not the ULN. */
const label = (settings: EdishParams) =>
  `liver-${settings.transaminase}${settings.scale === "baseline" ? "-baseline" : ""}`;

export const LIVER_SOURCES = sourcesOf(LIVER_TABLES, {
  edish: async (access, { params: searchParams }) => {
    const { query, view, rows } = await load(access, searchParams);
    return plainTableExport(edishTable(rows, query.settings), searchParams, {
      fileLabel: `${label(query.settings)}-edish`,
      asOf: view.asOf,
    });
  },
  subjects: async (access, { params: searchParams }) => {
    const { query, view, rows } = await load(access, searchParams);
    const { what: _what, where: _where, ...table } = liverSubjectsTable(rows, query.settings, access.study, query);
    return plainTableExport(table, searchParams, { fileLabel: `${label(query.settings)}-subjects`, asOf: view.asOf });
  },
  quadrants: async (access, { params: searchParams }) => {
    const { query, view, rows } = await load(access, searchParams);
    return tableExport(quadrantDef(rows, query.settings), searchParams, {
      title: `${quadrantCaption(rows.length, view.studySubjects)} (study ${access.study})`,
      fileLabel: `${label(query.settings)}-quadrants`,
      asOf: view.asOf,
    });
  },
});

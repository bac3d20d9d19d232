/** The liver view's exports (laboratory/liver): the eDISH chart's data, the quadrant counts and the subjects. */

import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { Sources } from "@/sections/frame/export-source";
import { parseLiverQuery } from "@/sections/laboratory/liver-query";
import { loadLiver } from "@/sections/laboratory/load-liver";
import { edishTable, liverSubjectsTable, quadrantCaption, quadrantDef } from "./liver-tables";
import { liverRows } from "./ui/liver-rows";

async function load(access: UserStudy, params: URLSearchParams) {
  const query = parseLiverQuery((name) => params.get(name));
  const view = await loadLiver(access, query.params);
  return { query, view, rows: liverRows(view.plot.points) };
}

const label = (params: { transaminase: string }) => `liver-${params.transaminase}`;

export const LIVER_SOURCES: Sources = {
  "laboratory/liver:edish": async (access, { params }) => {
    const { query, view, rows } = await load(access, params);
    return plainTableExport(edishTable(rows, query.params), params, {
      fileLabel: `${label(query.params)}-edish`,
      asOf: view.asOf,
    });
  },
  "laboratory/liver:subjects": async (access, { params }) => {
    const { query, view, rows } = await load(access, params);
    const { what: _what, where: _where, ...table } = liverSubjectsTable(rows, query.params, access.study, query);
    return plainTableExport(table, params, { fileLabel: `${label(query.params)}-subjects`, asOf: view.asOf });
  },
  "laboratory/liver:quadrants": async (access, { params }) => {
    const { query, view, rows } = await load(access, params);
    return tableExport(quadrantDef(rows, query.params), params, {
      title: `${quadrantCaption(rows.length, view.studySubjects)} (study ${access.study})`,
      fileLabel: `${label(query.params)}-quadrants`,
      asOf: view.asOf,
    });
  },
};

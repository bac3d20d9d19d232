/** The liver view's exports (laboratory/liver): the eDISH chart's data, the quadrant counts and the subjects. */

import { plainTableExport, tableExport } from "@/lib/export/table-export";
import { parseLiverQuery } from "@/lib/study-views/liver-query";
import { loadLiver } from "@/lib/study-views/load-liver";
import type { UserStudy } from "@/lib/study-views/open-user-study";
import { liverRows } from "../../liver/liver-rows";
import { edishTable, liverSubjectsTable, quadrantCaption, quadrantDef } from "../../liver/liver-tables";
import type { Sources } from "../source";

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

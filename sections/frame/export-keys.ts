/**
 * A section's exportable tables by their own IDs (docs/exports.md): the key a table's export control sends
 * ({ view, table }) is made here from an ID the section declares, so that an unknown table ID fails the type
 * check. No imports: the section's client components use it.
 */

/** An export's key: the view's path below the study, and the table's ID with its argument after a dot, if any. */
export interface ExportKey {
  view: string;
  table: string;
}

export interface ExportKeys<Id extends string> {
  view: string;
  ids: readonly Id[];
  /** The key of table `id`, with an argument where the view has several tables of a kind ("distribution.2"). */
  key(id: Id, argument?: string | number): ExportKey;
}

export function exportKeys<const Ids extends readonly string[]>(view: string, ids: Ids): ExportKeys<Ids[number]> {
  return {
    view,
    ids,
    key: (id, argument) => ({ view, table: argument === undefined ? id : `${id}.${argument}` }),
  };
}

"use client";
/**
 * The table's view, kept in the URL query string. The component renders from
 * its own state (a controlled input must not wait for a navigation) and
 * writes each change to the URL with history.replaceState, which Next.js
 * folds into its router (useSearchParams follows, so links that carry the
 * query see the change) as long as the state passed is not Next.js's own:
 * Next.js skips a call whose state carries its markers, and copies its
 * internals itself. router.replace would re-render the server page, and
 * re-send every row, at each keystroke of a filter.
 */
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { parseTableState, serializeTableState, type TableUrlState, type UrlStateOptions } from "@/lib/tables/url-state";

/** How many of its own recent queries the table recognises: more keystrokes than the URL can lag behind. */
const WRITTEN_KEPT = 32;

export function useUrlTableState(opts: UrlStateOptions): [TableUrlState, (next: TableUrlState) => void] {
  const params = useSearchParams();
  const [state, setState] = useState(() => parseTableState(params, opts));
  const optsRef = useRef(opts);
  optsRef.current = opts;
  // The queries this table wrote that the router has not caught up with, latest last. useSearchParams follows
  // replaceState a render or more behind: while a filter is typed it still shows an earlier keystroke's query, which
  // must not be taken for a change by other means (that would put the earlier text back into the field and lose
  // what was typed since). Each query the router reaches drops those before it.
  const written = useRef([params.toString()]);

  // The URL changed by other means (a link, back and forward): follow it.
  useEffect(() => {
    const query = params.toString();
    const at = written.current.indexOf(query);
    if (at >= 0) {
      written.current = written.current.slice(at);
      return;
    }
    written.current = [query];
    setState(parseTableState(params, optsRef.current));
  }, [params]);

  const update = useCallback((next: TableUrlState) => {
    setState(next);
    const query = serializeTableState(next, new URLSearchParams(window.location.search), optsRef.current).toString();
    written.current = [...written.current.slice(-(WRITTEN_KEPT - 1)), query];
    window.history.replaceState(
      null,
      "",
      `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`,
    );
  }, []);

  return [state, update];
}

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

export function useUrlTableState(opts: UrlStateOptions): [TableUrlState, (next: TableUrlState) => void] {
  const params = useSearchParams();
  const [state, setState] = useState(() => parseTableState(params, opts));
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const written = useRef(params.toString());

  // The URL changed by other means (a link, back and forward): follow it.
  useEffect(() => {
    const query = params.toString();
    if (query !== written.current) setState(parseTableState(params, optsRef.current));
  }, [params]);

  const update = useCallback((next: TableUrlState) => {
    setState(next);
    const query = serializeTableState(next, new URLSearchParams(window.location.search), optsRef.current).toString();
    written.current = query;
    window.history.replaceState(
      null,
      "",
      `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`,
    );
  }, []);

  return [state, update];
}

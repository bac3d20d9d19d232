/**
 * The adverse-event page's state as its links and its form carry it: the query as the page understood it (after
 * its checks against the data), the listing table's state as read, and whether the chart's data table is open.
 * Nothing else of the address is repeated: a parameter the page does not know, or a value it ignored, would
 * otherwise be written into every count's link (hundreds of them), and a long address would make a response of
 * megabytes.
 */

import { parseTableState, serializeTableState } from "@/lib/tables/url-state";
import { type AeQuery, aeQueryParams } from "@/sections/adverse-events/query";
import { LISTING_STATE } from "./listing-table";
import { CHART_ID } from "./ui/ae-chart-data";

const CHART_OPEN = `${CHART_ID}_table`;

export function viewParams(query: AeQuery, current: URLSearchParams): URLSearchParams {
  const out = aeQueryParams(query);
  const listing = parseTableState(current, LISTING_STATE);
  serializeTableState(listing, new URLSearchParams(), LISTING_STATE).forEach((value, key) => {
    out.append(key, value);
  });
  if (current.get(CHART_OPEN) === "1") out.set(CHART_OPEN, "1");
  return out;
}

/** The overview's tables (docs/review.md, The study overview), each read at a glance. */
import { Listing, type ListingProps } from "@/sections/frame/ui/Listing";
import { PAGE_SIZES } from "../tables";

/**
 * Up to this many rows a table goes to the browser whole; above, the server pages it. Low: the overview is read at a
 * glance, and a study of a thousand subjects sent whole in its table by subject doubled the page's time.
 */
const BROWSER_TABLE_MAX = 100;

/** One of the overview's tables: read at a glance, paged by the server above BROWSER_TABLE_MAX rows. */
export function OverviewListing<R>(props: Omit<ListingProps<R>, "browserMax" | "pageSizes">) {
  return <Listing {...props} browserMax={BROWSER_TABLE_MAX} pageSizes={PAGE_SIZES} />;
}

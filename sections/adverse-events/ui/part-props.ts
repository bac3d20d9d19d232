import type { AdverseEventsView } from "../load";

/** What each part of the page gets: the loaded view, the section's address and the state its links carry. */
export interface AePartProps {
  view: AdverseEventsView;
  base: string;
  /** The page's state as the page understood it (carriedParams in ../query.ts), never the address as it came. */
  carried: URLSearchParams;
}

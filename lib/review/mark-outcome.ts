/** What a request to mark records (or findings) did: how many, or why nothing was marked. */
export type MarkOutcome =
  | { status: "done"; count: number }
  | { status: "unknown-records"; unknown: number }
  | { status: "read-only" };

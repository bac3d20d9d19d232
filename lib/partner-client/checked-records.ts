/**
 * The records of a search, each checked against its schema as its page arrives: valid ones are mapped (to the
 * compact rows a caller keeps), the others counted by reason, so that nothing refused goes unnoticed and one bad
 * record is one refused record, not a refused page.
 */
import type { z } from "zod";

export interface Rejected {
  count: number;
  reasons: { reason: string; count: number }[];
}

const resourceOf = (entry: unknown) =>
  typeof entry === "object" && entry !== null ? (entry as { resource?: unknown }).resource : undefined;

/** Maps valid records and counts the others by reason. */
export class CheckedRecords<T, R> {
  received = 0;
  private readonly reasons = new Map<string, number>();

  constructor(
    private readonly schema: z.ZodType<T>,
    private readonly map: (r: T) => R,
  ) {}

  take(entries: unknown[] | undefined): R[] {
    const rows: R[] = [];
    for (const e of entries ?? []) {
      this.received++;
      const parsed = this.schema.safeParse(resourceOf(e));
      if (parsed.success) rows.push(this.map(parsed.data));
      else {
        const issue = parsed.error.issues[0];
        const reason = `${issue.path.join(".") || "record"}: ${issue.message}`;
        this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
      }
    }
    return rows;
  }

  rejected(): Rejected {
    const reasons = [...this.reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
    return { count: reasons.reduce((n, r) => n + r.count, 0), reasons };
  }
}

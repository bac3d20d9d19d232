/**
 * A data-check finding's name across data cuts (docs/review.md, Data-check findings): its rule and the records
 * that break it, so that the same rule broken by the same records is the same finding in every cut, whatever its
 * values say now. Findings of one rule over the same records (a reported change from baseline and from nadir of one
 * assessment) are told apart by their order among themselves. Hashed to 24 hex digits: a fixed length to keep, and
 * no record key written out.
 */
import { createHash } from "node:crypto";
import type { Finding } from "./finding";

// NUL occurs in no record key: it parts the rule, the records and the order.
const SEP = "\u0000";

const identity = (f: Finding) => [f.rule, ...f.records.map((r) => `${r.kind}:${r.key}`)].join(SEP);

/** The keys of each findings array, worked out once: a page reads a study's tens of thousands at every request. */
const kept = new WeakMap<readonly Finding[], readonly string[]>();

/** Each finding's key, in the findings' order. */
export function findingKeys(findings: readonly Finding[]): readonly string[] {
  let keys = kept.get(findings);
  if (!keys) {
    keys = keysOf(findings);
    kept.set(findings, keys);
  }
  return keys;
}

function keysOf(findings: readonly Finding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const id = identity(f);
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return createHash("sha256").update(`${id}${SEP}${n}`).digest("hex").slice(0, 24);
  });
}

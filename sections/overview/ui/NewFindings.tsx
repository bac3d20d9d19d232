/**
 * The overview's data-check findings new since the user's last review (docs/review.md, The study overview): how
 * many, per rule, each count opening those findings on the Data checks page, filtered to them.
 */
import Link from "next/link";
import type { NewFindings as Found } from "@/lib/review/finding-history";

const findings = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "finding" : "findings"}`;

export function NewFindings({ found, studyHref }: { found: Found; studyHref: string }) {
  const href = (path: string) => `${studyHref}/${path}`;
  const all = <Link href={href(found.allPath)}>Data checks</Link>;
  if (found.total === 0) return <p>The data checks find nothing: every record follows their rules ({all}).</p>;
  if (found.new === 0)
    return (
      <p>
        No data-check finding is new since your last review ({findings(found.total)} in all: {all}).
      </p>
    );
  const count = <Link href={href(found.path)}>{findings(found.new)}</Link>;
  return (
    <>
      <p>
        {found.lastReview === null ? "You have marked no record reviewed yet: " : null}
        {count} of {found.total.toLocaleString("en")}{" "}
        {found.lastReview === null ? "new to you" : "first found since your last review"}, by rule:
      </p>
      <ul>
        {found.rules.map((r) => (
          <li key={r.path}>
            <Link href={href(r.path)}>{findings(r.count)}</Link>: {r.title}
          </li>
        ))}
      </ul>
    </>
  );
}

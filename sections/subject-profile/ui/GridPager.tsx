/**
 * The laboratory grid's pages of visits: where this page stands ("Visits
 * 13–24 of 48"), the previous and next pages, a visit to go to, and how many
 * visits a page. Links keep the page's other state (the trend, the tables')
 * and its scroll position.
 */
import Link from "next/link";
import { type GridPage, type PageSpan, pageOfColumn } from "@/lib/clinical/laboratory/grid-pages";
import { VISITS_PER_PAGE } from "../query";
import { GridVisitJump, type VisitPage } from "./GridVisitJump";
import styles from "./subject.module.css";

export interface GridPagerProps {
  page: GridPage;
  /** Visits of the whole grid. */
  visits: number;
  spans: PageSpan[];
  /** Each visit's label for the list (`Cycle 2 Day 1, 2023-03-01`), over the whole grid. */
  visitLabels: string[];
  /** The address of a page, at `size` visits a page when given (the page's other state kept). */
  href: (page: number, size?: number) => string;
}

const spanVisits = (s: PageSpan) => (s.from === s.to ? `Visit ${s.from}` : `Visits ${s.from}–${s.to}`);
const spanDates = (s: PageSpan) =>
  s.firstDate === null ? "" : ` (${s.firstDate === s.lastDate ? s.firstDate : `${s.firstDate} to ${s.lastDate}`})`;

/** `Visits 13–24 (2024-01-04 to 2024-06-20)`. */
export const spanLabel = (s: PageSpan): string => `${spanVisits(s)}${spanDates(s)}`;

export function GridPager({ page, visits, spans, visitLabels, href }: GridPagerProps) {
  const span = spans[page.page - 1];
  const step = (to: number, text: string, rel: "prev" | "next") => {
    const target = spans[to - 1];
    if (!target) return <span aria-disabled="true">{text}</span>;
    return (
      <Link href={href(to)} scroll={false} rel={rel} title={spanLabel(target)}>
        {text}
      </Link>
    );
  };
  const jump: VisitPage[] = spans.map((s) => ({
    page: s.page,
    label: spanLabel(s),
    first: s.from - 1,
    visits: visitLabels.slice(s.from - 1, s.to),
  }));
  return (
    <nav aria-label="Visits of the laboratory grid" className={styles.pager} data-print="status">
      {page.pages > 1 ? step(page.page - 1, "← Previous visits", "prev") : null}
      <strong aria-live="polite" data-print="keep">
        {span ? `${spanVisits(span)} of ${visits}${spanDates(span)}` : ""}
      </strong>
      {page.pages > 1 ? step(page.page + 1, "Next visits →", "next") : null}
      {page.pages > 1 ? <GridVisitJump pages={jump} current={page.page} /> : null}
      {visits > VISITS_PER_PAGE[0] ? (
        <span className={styles.sizes}>
          Visits a page:
          {VISITS_PER_PAGE.map((n) =>
            n === page.size ? (
              <strong key={n} aria-current="true">
                {n}
              </strong>
            ) : (
              // The page that holds this page's first visit, at the new size.
              <Link key={n} href={href(pageOfColumn(page.first, n), n)} scroll={false}>
                {n}
              </Link>
            ),
          )}
        </span>
      ) : null}
    </nav>
  );
}

/**
 * Links that choose among ways of showing a section's records (a kind of result, an item, a listing's quick
 * filter): a row that wraps, the choice in force in plain bold words and marked for assistive technology. `marks`
 * is the aria-current value: "page" where each choice is a page of its own (an item, a listing's records), "true"
 * where it is a choice within the page's listing (a kind of result).
 */
import Link from "next/link";
import uiStyles from "@/components/ui/ui.module.css";
import styles from "./choice-links.module.css";

export interface Choice {
  href: string;
  label: string;
  current: boolean;
}

export function ChoiceLinks({
  label,
  choices,
  marks = "page",
  lead = false,
  keepScroll = false,
}: {
  /** The navigation's name for assistive technology ("Which results"). */
  label: string;
  choices: readonly Choice[];
  marks?: "page" | "true";
  /** The name in words too, before the links, on their row (a choice among other controls). */
  lead?: boolean;
  /** Keep the page where it is scrolled (a choice that redraws a table in place). */
  keepScroll?: boolean;
}) {
  return (
    <nav aria-label={label} className={lead ? uiStyles.toolbar : undefined}>
      {lead ? <span>{label}:</span> : null}
      <ul className={uiStyles.inlineList}>
        {choices.map((c) => (
          <li key={c.label}>
            <Link
              href={c.href}
              aria-current={c.current ? marks : undefined}
              className={c.current ? styles.current : undefined}
              scroll={keepScroll ? false : undefined}
            >
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

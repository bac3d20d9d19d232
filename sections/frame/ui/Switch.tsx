/**
 * A choice of how something is drawn, kept in the URL (a plot's BOR source, scale or order; a trend's scale): the
 * choice in force marked and not a link, so that every link reproduces a drawing; an option that does not apply is
 * plain words. `label` names it for assistive technology and, unless `quiet`, in words before the options.
 */
import Link from "next/link";
import uiStyles from "@/components/ui/ui.module.css";

export interface SwitchOption {
  label: string;
  /** Where the option leads; null: it does not apply here (said in its label). */
  href: string | null;
  current: boolean;
}

export function Switch({
  label,
  options,
  quiet = false,
  replace = false,
}: {
  label: string;
  options: readonly SwitchOption[];
  /** No words before the options (the controls around them say what they are). */
  quiet?: boolean;
  /** Replace the history entry rather than add one (a control that redraws in place). */
  replace?: boolean;
}) {
  return (
    <nav aria-label={label} className={uiStyles.toolbar}>
      {quiet ? null : <span>{label}:</span>}
      {options.map((o) =>
        o.current ? (
          <strong key={o.label} aria-current="true">
            {o.label}
          </strong>
        ) : o.href === null ? (
          <span key={o.label}>{o.label}</span>
        ) : (
          <Link key={o.label} href={o.href} scroll={false} replace={replace}>
            {o.label}
          </Link>
        ),
      )}
    </nav>
  );
}

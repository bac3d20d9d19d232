/**
 * Keyboard review of a table of records (docs/review.md, Keyboard review): `j` and `k` move to the next and the
 * previous record, `n` to the next one not reviewed (or changed since), `r` marks the record reviewed (or takes its
 * mark away), `c` opens its comments, `?` lists the keys. Moving focuses the record's first button in its Review
 * cell, whose name says the record and what the button does, so that a screen reader announces each record as it
 * is reached. The keys act on the table that holds the focus, else on the page's first table of records; never while
 * a field, a menu or a dialog has the focus, nor with Ctrl, Alt or Meta held.
 */

/** The attribute that marks a table of records' wrapper: the keys find their table by it. */
export const REVIEWED_TABLE_ATTRIBUTE = "data-reviewed-table";

export type ReviewKey = "next" | "previous" | "next-open" | "mark" | "comment" | "help";

export const KEY_HELP: readonly { key: string; words: string }[] = [
  { key: "j", words: "Next record" },
  { key: "k", words: "Previous record" },
  { key: "n", words: "Next record not reviewed, or changed since reviewed" },
  { key: "r", words: "Mark the record reviewed, or take its mark away" },
  { key: "c", words: "Open the record's comments" },
  { key: "?", words: "List these keys" },
];

const KEYS: Record<string, ReviewKey> = {
  j: "next",
  k: "previous",
  n: "next-open",
  r: "mark",
  c: "comment",
  "?": "help",
};

/** The key's review action, or null: a key the table leaves alone, or one pressed where typing or choosing. */
export function reviewKeyOf(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "altKey" | "metaKey" | "target">) {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const target = e.target as Element | null;
  if (target?.closest?.("input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='dialog']"))
    return null;
  return Object.hasOwn(KEYS, e.key) ? KEYS[e.key] : null;
}

/** Whether this wrapper is the table the keys act on: the one holding the focus, else the page's first. */
export function isActiveTable(wrapper: HTMLElement): boolean {
  const focused = document.activeElement?.closest(`[${REVIEWED_TABLE_ATTRIBUTE}]`);
  if (focused) return focused === wrapper;
  return document.querySelector(`[${REVIEWED_TABLE_ATTRIBUTE}]`) === wrapper;
}

const MARK_BUTTON = "button[aria-label^='Mark reviewed:'], button[aria-label^='Unmark:']";
const COMMENT_BUTTON = "button[aria-label^='Add a comment on'], button[aria-label^='Comments on']";

/** The table's rows of records: those whose Review cell has a button. */
const recordRows = (wrapper: HTMLElement) =>
  [...wrapper.querySelectorAll<HTMLTableRowElement>("tbody tr")].filter((tr) =>
    tr.querySelector(`td:first-child button`),
  );

const statusOf = (row: HTMLTableRowElement) => row.querySelector("td")?.textContent ?? "";

/** Moves to a record (its Review cell's first button), or does what the key says to the current one. */
export function reviewKey(wrapper: HTMLElement, key: Exclude<ReviewKey, "help">): boolean {
  const rows = recordRows(wrapper);
  if (rows.length === 0) return false;
  const at = rows.findIndex((tr) => tr.contains(document.activeElement));
  const current = at >= 0 ? rows[at] : undefined;
  const focusRow = (row: HTMLTableRowElement | undefined) => {
    row?.querySelector<HTMLButtonElement>("td:first-child button")?.focus();
    return row !== undefined;
  };
  switch (key) {
    case "next":
      return focusRow(rows[at + 1] ?? (at < 0 ? rows[0] : undefined));
    case "previous":
      return focusRow(at > 0 ? rows[at - 1] : at < 0 ? rows[0] : undefined);
    case "next-open":
      return focusRow(rows.slice(at + 1).find((tr) => !statusOf(tr).startsWith("Reviewed")));
    case "mark":
    case "comment": {
      const button = (current ?? rows[0]).querySelector<HTMLButtonElement>(
        key === "mark" ? MARK_BUTTON : COMMENT_BUTTON,
      );
      if (!button) return false;
      if (!current) focusRow(rows[0]);
      button.click();
      return true;
    }
  }
}

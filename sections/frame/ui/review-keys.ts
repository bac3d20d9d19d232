/**
 * Keyboard review of a table of records (docs/review.md, Keyboard review): `j` and `k` move to the next and the
 * previous record, `n` to the next one not reviewed (or changed since), `r` marks the record reviewed (or takes its
 * mark away), `c` opens its comments, `?` lists the keys. Moving focuses the record's first button in its Review
 * cell, whose name says the record and what the button does, so that a screen reader announces each record as it
 * is reached. The keys act on the table that holds the focus, else on the page's first table of records; never while
 * a field, a menu or a dialog has the focus, nor with Ctrl, Alt or Meta held. At a page's last record, `j` and `n`
 * turn the page (the table's own Next page) and land on the next page's first record (first open one); at its
 * first, `k` turns back and lands on the previous page's last. Where `n` finds no record to review after the current
 * one on this page or the next, the table's records to review have ended: the caller is told (it goes on to the
 * reviewer's queue, ./use-queue-step.ts).
 */

/** The attribute that marks a table of records' wrapper: the keys find their table by it. */
export const REVIEWED_TABLE_ATTRIBUTE = "data-reviewed-table";

export type ReviewKey = "next" | "previous" | "next-open" | "mark" | "comment" | "help";

export const KEY_HELP: readonly { key: string; words: string }[] = [
  { key: "j", words: "Next record (at a page's end, the next page's first)" },
  { key: "k", words: "Previous record (at a page's start, the previous page's last)" },
  { key: "n", words: "Next record not reviewed, or changed since reviewed (on the next pages, then your queue)" },
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
const isOpen = (row: HTMLTableRowElement) => !statusOf(row).startsWith("Reviewed");

const focusRow = (row: HTMLTableRowElement | undefined) => {
  row?.querySelector<HTMLButtonElement>("td:first-child button")?.focus();
  return row !== undefined;
};

/** Focuses the first record to review on the table's page: false where the page has none. */
export const focusFirstOpen = (wrapper: HTMLElement) => focusRow(recordRows(wrapper).find(isOpen));

/** The table's pager button of these words, where it can turn the page. */
const pagerButton = (wrapper: HTMLElement, words: "Next page" | "Previous page") =>
  [...wrapper.querySelectorAll<HTMLButtonElement>("button")].find(
    (b) => b.textContent?.trim() === words && !b.disabled,
  );

/** The pager's status ("Rows 26–50 of 283"): it changes when the page has turned. */
const pagerStatusOf = (wrapper: HTMLElement) =>
  [...wrapper.querySelectorAll("[role='status']")].map((e) => e.textContent).join("|");

/** Longest wait for a turned page's rows (a server table's page is asked of the server). */
const TURN_WAIT_MS = 15_000;
/** Pages `n` turns looking for a record not reviewed before it stops (at the last page's last record). */
const MAX_TURNS = 10;

type Landing = "first" | "last" | "first-open";

/**
 * Turns the page with the table's own pager button and, once the new page's rows are in (its pager status says
 * other rows), focuses its first record, its last, or its first not reviewed (on a page with none open, the next
 * turn goes on looking, at most MAX_TURNS pages; at the last page, `atEnd` is called). False where there is no page
 * that way.
 */
function turnPage(
  wrapper: HTMLElement,
  words: "Next page" | "Previous page",
  landing: Landing,
  turns = 1,
  atEnd?: () => void,
): boolean {
  const button = pagerButton(wrapper, words);
  if (!button) return false;
  const before = pagerStatusOf(wrapper);
  const observer = new MutationObserver(() => {
    const rows = recordRows(wrapper);
    if (pagerStatusOf(wrapper) === before || rows.length === 0) return;
    observer.disconnect();
    clearTimeout(timer);
    if (landing === "first-open") {
      const open = rows.find(isOpen);
      if (open) focusRow(open);
      else if (turns >= MAX_TURNS) focusRow(rows.at(-1));
      else if (!turnPage(wrapper, words, landing, turns + 1, atEnd)) {
        focusRow(rows.at(-1));
        atEnd?.();
      }
    } else focusRow(landing === "first" ? rows[0] : rows.at(-1));
  });
  const timer = setTimeout(() => observer.disconnect(), TURN_WAIT_MS);
  observer.observe(wrapper, { subtree: true, childList: true, characterData: true });
  button.click();
  return true;
}

/**
 * Moves to a record (its Review cell's first button), or does what the key says to the current one. `atEnd`: called
 * where `n` finds no record to review after the current one (then, called at once, the key counts as handled).
 */
export function reviewKey(wrapper: HTMLElement, key: Exclude<ReviewKey, "help">, atEnd?: () => void): boolean {
  const rows = recordRows(wrapper);
  if (rows.length === 0) {
    // A table filtered to the records to review is empty once the last is marked: its records to review have ended.
    if (key === "next-open") atEnd?.();
    return key === "next-open" && atEnd !== undefined;
  }
  const at = rows.findIndex((tr) => tr.contains(document.activeElement));
  const current = at >= 0 ? rows[at] : undefined;
  switch (key) {
    case "next":
      if (at < 0) return focusRow(rows[0]);
      return focusRow(rows[at + 1]) || turnPage(wrapper, "Next page", "first");
    case "previous":
      if (at < 0) return focusRow(rows[0]);
      return (at > 0 && focusRow(rows[at - 1])) || turnPage(wrapper, "Previous page", "last");
    case "next-open":
      if (focusRow(rows.slice(at + 1).find(isOpen)) || turnPage(wrapper, "Next page", "first-open", 1, atEnd))
        return true;
      atEnd?.();
      return atEnd !== undefined;
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

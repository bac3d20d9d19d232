/**
 * The signed-in user's column choices in the browser (docs/design.md, Tables): every table's as the page's server
 * read them from the portal database (lib/db/table-columns.ts), each change applied at once and kept there by
 * POST /table-columns after a pause in clicking (one save per table, however many boxes were clicked), one save at a
 * time per table so that the last choice is the one kept. A save that fails leaves the choice on the page while it
 * is open, and says why.
 */
import type { ColumnChoices, TableColumnChoices } from "@/lib/db/table-column-rules";

/** The pause after the last click before a table's choice is sent. */
export const SAVE_DELAY_MS = 1000;

export interface TableChoice {
  choices: ColumnChoices;
  /** Why the last save of this choice failed, in words; null when kept or not yet sent. */
  unsaved: string | null;
}

/** Sends one table's choice; null when kept, else why not, in words. */
export type SendChoice = (table: string, choices: ColumnChoices, keepalive: boolean) => Promise<string | null>;

const NONE: TableChoice = Object.freeze({ choices: Object.freeze({}), unsaved: null });

const NETWORK = "The portal could not be reached. Check your network connection, then choose again.";

/** POST /table-columns (lib/tables/column-choices-route.ts). */
export const sendChoice: SendChoice = async (table, choices, keepalive) => {
  const res = await fetch("/table-columns", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ table, choices }),
    // Sent as the page goes away, too.
    keepalive,
  }).catch(() => null);
  if (!res) return NETWORK;
  if (res.ok) return null;
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === "string" ? body.error : `The portal answered ${res.status}. Choose again later.`;
};

export class ColumnChoiceStore {
  private readonly entries = new Map<string, TableChoice>();
  private readonly listeners = new Set<() => void>();
  private readonly waiting = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly sending = new Map<string, Promise<void>>();

  /** `send` null: choices last while the page is open (a table without an export key, or no signed-in shell). */
  constructor(
    initial: TableColumnChoices,
    private readonly send: SendChoice | null = sendChoice,
    private readonly delayMs = SAVE_DELAY_MS,
  ) {
    for (const [table, choices] of Object.entries(initial)) this.entries.set(table, { choices, unsaved: null });
  }

  /** A table's choice; the same object until it changes (useSyncExternalStore's snapshot). */
  get(table: string): TableChoice {
    return this.entries.get(table) ?? NONE;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Applies a table's choice at once and saves it after the pause. */
  set(table: string, choices: ColumnChoices): void {
    this.update(table, { choices, unsaved: this.get(table).unsaved });
    if (!this.send) return;
    clearTimeout(this.waiting.get(table));
    this.waiting.set(
      table,
      setTimeout(() => void this.save(table, false), this.delayMs),
    );
  }

  /** Sends every choice still waiting for its pause, as the page goes away. */
  flush(): void {
    for (const table of [...this.waiting.keys()]) void this.save(table, true);
  }

  /** Whether a save is waiting or under way, for tests. */
  get busy(): boolean {
    return this.waiting.size > 0 || this.sending.size > 0;
  }

  private save(table: string, leaving: boolean): Promise<void> {
    clearTimeout(this.waiting.get(table));
    this.waiting.delete(table);
    const send = this.send as SendChoice;
    const { choices } = this.get(table);
    // After the table's save under way, so that the last choice is the one kept; as the page goes away there is no
    // later, so at once.
    const before = leaving ? Promise.resolve() : (this.sending.get(table) ?? Promise.resolve());
    const sent: Promise<void> = before
      .then(() => send(table, choices, leaving))
      .then((unsaved) => {
        if (this.sending.get(table) === sent) this.sending.delete(table);
        // A later choice has its own save: this answer is not about what the page shows.
        if (this.get(table).choices === choices) this.update(table, { choices, unsaved });
      });
    this.sending.set(table, sent);
    return sent;
  }

  private update(table: string, entry: TableChoice): void {
    const current = this.get(table);
    if (current.choices === entry.choices && current.unsaved === entry.unsaved) return;
    this.entries.set(table, entry);
    for (const listener of this.listeners) listener();
  }
}

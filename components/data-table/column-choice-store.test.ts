/**
 * The user's column choices in the browser: applied at once, sent after a pause in clicking (one save per table for
 * a run of clicks), one save at a time per table so that the last choice is kept, sent at once as the page goes away,
 * and a failed save said in words until a later one is kept.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ColumnChoices } from "@/lib/db/table-column-rules";
import { ColumnChoiceStore, SAVE_DELAY_MS, type SendChoice, sendChoice } from "./column-choice-store";

const OVERVIEW = "laboratory.overview";
const LIST = "subjects.list";

interface Sent {
  table: string;
  choices: ColumnChoices;
  keepalive: boolean;
  answer: (unsaved: string | null) => void;
}

let sent: Sent[];
const send: SendChoice = (table, choices, keepalive) =>
  new Promise((answer) => sent.push({ table, choices, keepalive, answer }));

beforeEach(() => {
  sent = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the store's promise callbacks run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe("the user's column choices in the browser", () => {
  it("start from the server's read, the same object until a table's choice changes", () => {
    const store = new ColumnChoiceStore({ [OVERVIEW]: { median: true } }, send);
    expect(store.get(OVERVIEW)).toEqual({ choices: { median: true }, unsaved: null });
    expect(store.get(OVERVIEW)).toBe(store.get(OVERVIEW));
    expect(store.get(LIST)).toEqual({ choices: {}, unsaved: null });
  });

  it("apply a change at once and tell the tables, then send one save per table after the pause", async () => {
    const store = new ColumnChoiceStore({}, send);
    const told = vi.fn();
    store.subscribe(told);
    store.set(OVERVIEW, { median: true });
    store.set(OVERVIEW, { median: true, service: false });
    store.set(LIST, { race: false });
    expect(store.get(OVERVIEW).choices).toEqual({ median: true, service: false });
    expect(told).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map(({ table, choices, keepalive }) => ({ table, choices, keepalive }))).toEqual([
      { table: OVERVIEW, choices: { median: true, service: false }, keepalive: false },
      { table: LIST, choices: { race: false }, keepalive: false },
    ]);
  });

  it("sends a table's next save only once the one under way is answered, so that the last choice is kept", async () => {
    const store = new ColumnChoiceStore({}, send);
    store.set(OVERVIEW, { median: true });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    store.set(OVERVIEW, {});
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(sent).toHaveLength(1);
    sent[0].answer(null);
    await settle();
    expect(sent.map((s) => s.choices)).toEqual([{ median: true }, {}]);
    expect(store.busy).toBe(true);
    sent[1].answer(null);
    await settle();
    expect(store.busy).toBe(false);
  });

  it("says why a save failed and keeps the choice on the page, until a later save is kept", async () => {
    const store = new ColumnChoiceStore({}, send);
    store.set(OVERVIEW, { median: true });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    sent[0].answer("Your session has ended. Sign in again, then try again.");
    await settle();
    expect(store.get(OVERVIEW)).toEqual({
      choices: { median: true },
      unsaved: "Your session has ended. Sign in again, then try again.",
    });
    store.set(OVERVIEW, { median: true, min: true });
    expect(store.get(OVERVIEW).unsaved).not.toBeNull();
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    sent[1].answer(null);
    await settle();
    expect(store.get(OVERVIEW)).toEqual({ choices: { median: true, min: true }, unsaved: null });
  });

  it("does not put an older save's failure on a newer choice", async () => {
    const store = new ColumnChoiceStore({}, send);
    store.set(OVERVIEW, { median: true });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    store.set(OVERVIEW, { min: true });
    sent[0].answer("The portal answered 500. Choose again later.");
    await settle();
    expect(store.get(OVERVIEW)).toEqual({ choices: { min: true }, unsaved: null });
  });

  it("sends the choices still waiting for their pause at once as the page goes away, kept alive", async () => {
    const store = new ColumnChoiceStore({}, send);
    store.set(OVERVIEW, { median: true });
    store.flush();
    await settle();
    expect(sent.map(({ table, keepalive }) => ({ table, keepalive }))).toEqual([{ table: OVERVIEW, keepalive: true }]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(sent).toHaveLength(1);
  });

  it("sends nothing without a way to send: the choice lasts while the page is open", async () => {
    const store = new ColumnChoiceStore({}, null);
    store.set(OVERVIEW, { median: true });
    store.flush();
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(store.get(OVERVIEW).choices).toEqual({ median: true });
    expect(store.busy).toBe(false);
  });
});

describe("a save as the browser sends it", () => {
  const answer = (status: number, body?: unknown) =>
    vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));

  it("posts the table and its choices as JSON, and reads 204 as kept", async () => {
    const fetch = answer(204);
    vi.stubGlobal("fetch", fetch);
    expect(await sendChoice(OVERVIEW, { median: true }, true)).toBeNull();
    expect(fetch).toHaveBeenCalledWith("/table-columns", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ table: OVERVIEW, choices: { median: true } }),
      keepalive: true,
    });
  });

  it("gives the portal's words for a refusal, else its status, and says when it was not reached", async () => {
    vi.stubGlobal("fetch", answer(401, { error: "Your session has ended. Sign in again, then try again." }));
    expect(await sendChoice(OVERVIEW, {}, false)).toBe("Your session has ended. Sign in again, then try again.");
    vi.stubGlobal("fetch", answer(502));
    expect(await sendChoice(OVERVIEW, {}, false)).toBe("The portal answered 502. Choose again later.");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await sendChoice(OVERVIEW, {}, false)).toBe(
      "The portal could not be reached. Check your network connection, then choose again.",
    );
  });
});

/**
 * What a table asks of the reviewer's queue (a long page query cut to what the queue reads, the study filter kept),
 * when a step's listing is the page the reviewer is on (the same path and query, however written, whatever the
 * fragment), and what each `n` at a table's end does in a tab: ask, then open what was said; ask again after any
 * other key or act; one request at a time; an answer for a page left or a moment passed dropped; the step opened
 * told once to its table at its address, and never after another page or too long a wait.
 */
import { describe, expect, it } from "vitest";
import { addressOf, LANDING_WAIT_MS, MAX_QUEUE_AT, type QueueNext, QueueSteps, queueQuery } from "./queue-step";

const HERE = "http://portal.example/studies/c1/ONC-101/adverse-events?ev_f_review=%3DNot+reviewed#ae-listing";

describe("the queue's addresses", () => {
  it("are the same for the same path and query, whatever the fragment or the query's writing", () => {
    const here = addressOf(HERE, HERE);
    expect(addressOf("/studies/c1/ONC-101/adverse-events?ev_f_review=%3DNot+reviewed", HERE)).toBe(here);
    expect(addressOf("/studies/c1/ONC-101/adverse-events?ev_f_review==Not%20reviewed#top", HERE)).toBe(here);
    expect(addressOf("/studies/c1/ONC-101/adverse-events?ev_f_review=%3DChanged+since+reviewed", HERE)).not.toBe(here);
    expect(addressOf("/studies/c1/ONC-101/medications?ev_f_review=%3DNot+reviewed", HERE)).not.toBe(here);
    expect(addressOf("/studies/c1/ONC-101/adverse-events", HERE)).toBe("/studies/c1/ONC-101/adverse-events");
  });
});

describe("what a table asks of the queue", () => {
  it("names the study, the table's record type, the page's query and the subject of a subject's page", () => {
    const q = queueQuery({ connectionId: "c1", study: "ONC-101", subjectId: "101-001" }, "DiagnosticReport", "?a=1");
    expect(Object.fromEntries(q)).toEqual({
      connectionId: "c1",
      study: "ONC-101",
      type: "DiagnosticReport",
      at: "a=1",
      subject: "101-001",
    });
  });

  it("cuts a page query longer than the route reads to the parameters the queue reads", () => {
    const read = "only_subjects=101-001&test=code%3AALT&res.f_review=%3DNot+reviewed";
    const long = `?ev_f_term=${"a".repeat(MAX_QUEUE_AT)}&${read}`;
    expect(queueQuery({ connectionId: "c1", study: "ONC-101" }, "laboratory", long).get("at")).toBe(read);
    const noneRead = `?${"a".repeat(MAX_QUEUE_AT + 1)}`;
    expect(queueQuery({ connectionId: "c1", study: "ONC-101" }, "AdverseEvent", noneRead).get("at")).toBe("");
    const fits = `?${"a".repeat(MAX_QUEUE_AT)}`;
    expect(queueQuery({ connectionId: "c1", study: "ONC-101" }, "AdverseEvent", fits).get("at")).toHaveLength(
      MAX_QUEUE_AT,
    );
  });
});

const ALT: QueueNext = {
  href: "/s/laboratory?test=ALT",
  words: "Laboratory results: ALT: 3 not reviewed",
  type: "lab",
};
const AE = "/s/adverse-events?ev_f_review=%3DNot+reviewed";
const LAB = "/s/laboratory?test=ALT";

describe("the queue's keys in a tab", () => {
  it("asks first; a second n on the same page opens what the answer said", () => {
    const steps = new QueueSteps();
    const first = steps.atEnd(AE, true, 0);
    expect(first).toEqual({ kind: "ask", ask: { from: AE, acts: 0 } });
    if (first.kind !== "ask") return;
    expect(steps.answered(first.ask, AE)).toBe(true);
    steps.tell(AE, ALT);
    expect(steps.atEnd(AE, true, 1)).toEqual({ kind: "open", next: ALT });
    // Once opened, a third n asks again.
    expect(steps.atEnd(AE, true, 2).kind).toBe("ask");
  });

  it("asks again after any other key or act between the two presses, or on another page", () => {
    const steps = new QueueSteps();
    steps.tell(AE, ALT);
    steps.forget();
    expect(steps.atEnd(AE, true, 0).kind).toBe("ask");
    const other = new QueueSteps();
    other.tell(AE, ALT);
    expect(other.atEnd("/s/medications", true, 0).kind).toBe("ask");
  });

  it("sends one request at a time, and none where records cannot be marked", () => {
    const steps = new QueueSteps();
    const first = steps.atEnd(AE, true, 0);
    expect(steps.atEnd(AE, true, 1)).toEqual({ kind: "none" });
    if (first.kind === "ask") steps.answered(first.ask, AE);
    expect(steps.atEnd(AE, true, 2).kind).toBe("ask");
    expect(new QueueSteps().atEnd(AE, false, 0)).toEqual({ kind: "none" });
  });

  it("drops an answer that comes after the reviewer left the page or acted", () => {
    const steps = new QueueSteps();
    const left = steps.atEnd(AE, true, 0);
    if (left.kind !== "ask") throw new Error("expected a request");
    expect(steps.answered(left.ask, "/s/medications")).toBe(false);
    const acted = steps.atEnd(AE, true, 1);
    if (acted.kind !== "ask") throw new Error("expected a request");
    steps.forget();
    expect(steps.answered(acted.ask, AE)).toBe(false);
  });

  it("looks from the page's top where the step's listing is the page the reviewer is on", () => {
    const steps = new QueueSteps();
    steps.tell(LAB, ALT);
    expect(steps.atEnd(LAB, true, 0)).toEqual({ kind: "here", next: ALT });
    expect(steps.landed(LAB, "lab", 1)).toBeNull();
  });

  it("tells the step opened to its table once, at its address and in time", () => {
    const steps = new QueueSteps();
    steps.tell(AE, ALT);
    steps.atEnd(AE, true, 1_000);
    // Still on the page it was opened from, or another table of the step's page: not yet.
    expect(steps.landed(AE, "lab", 1_001)).toBeNull();
    expect(steps.landed(LAB, "AdverseEvent", 1_002)).toBeNull();
    expect(steps.landed(LAB, "lab", 1_003)).toBe(ALT.words);
    expect(steps.landed(LAB, "lab", 1_004)).toBeNull();
  });

  it("forgets the step opened once another page is reached, or after the wait", () => {
    const elsewhere = new QueueSteps();
    elsewhere.tell(AE, ALT);
    elsewhere.atEnd(AE, true, 0);
    expect(elsewhere.landed("/s/medications", "lab", 1)).toBeNull();
    expect(elsewhere.landed(LAB, "lab", 2)).toBeNull();
    const late = new QueueSteps();
    late.tell(AE, ALT);
    late.atEnd(AE, true, 0);
    expect(late.landed(LAB, "lab", LANDING_WAIT_MS + 1)).toBeNull();
  });
});

/**
 * What a table asks of the reviewer's queue, and when a step's listing is the page the reviewer is on (then it is
 * not opened again): the same path and query, however written, whatever the fragment.
 */
import { describe, expect, it } from "vitest";
import { addressOf, MAX_QUEUE_AT, queueQuery } from "./queue-step";

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

  it("leaves out a page query longer than the route reads", () => {
    const long = `?${"a".repeat(MAX_QUEUE_AT + 1)}`;
    expect(queueQuery({ connectionId: "c1", study: "ONC-101" }, "AdverseEvent", long).get("at")).toBe("");
    const fits = `?${"a".repeat(MAX_QUEUE_AT)}`;
    expect(queueQuery({ connectionId: "c1", study: "ONC-101" }, "AdverseEvent", fits).get("at")).toHaveLength(
      MAX_QUEUE_AT,
    );
  });
});

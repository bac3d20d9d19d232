/** The audit table in words: the time without the ISO T, the action by its name, the connection by its name. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AuditRow } from "@/lib/audit/canonical";
import { AuditEntries } from "./AuditEntries";

const CONNECTION = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

const row = (over: Partial<AuditRow>): AuditRow => ({
  id: 7,
  time: "2026-11-27T16:47:05.120Z",
  actor_id: 3,
  actor_email: "reviewer@example.org",
  address: "10.0.0.1",
  action: "connection.test",
  connection_id: CONNECTION,
  study: null,
  details: JSON.stringify({ outcome: "connected", failure: null, studies: [] }),
  prev_hash: "0",
  hash: "h",
  ...over,
});

/** Each row's cells as text, tags dropped (the "As recorded" block of the last cell left out). */
const cells = (html: string) =>
  [...html.matchAll(/<tr[^>]*data-action[^>]*>(.*?)<\/tr>/gs)].map((tr) =>
    [...tr[1].matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((td) =>
      td[1]
        .replace(/<details>.*<\/details>/s, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    ),
  );

describe("AuditEntries", () => {
  it("shows the time in UTC without the T, the action's name and the connection's name", () => {
    const html = renderToStaticMarkup(
      <AuditEntries entries={[row({})]} names={new Map([[CONNECTION, "Northstar"]])} />,
    );
    expect(cells(html)).toEqual([
      [
        "7",
        "2026-11-27 16:47:05",
        "reviewer@example.org user 3",
        "10.0.0.1",
        "Connection tested",
        "connection Northstar",
        "Connection tested: signed in; no studies.",
      ],
    ]);
    // The stored forms stay: the time in its datetime attribute, the action's code and the ID as recorded.
    expect(html).toContain('<time dateTime="2026-11-27T16:47:05.120Z">');
    expect(html).toContain('data-action="connection.test"');
    expect(html).toContain(`connection <code>${CONNECTION}</code>`);
  });

  it("names no connection the reader may not see, and shows an action no longer known by its code", () => {
    const html = renderToStaticMarkup(
      <AuditEntries
        entries={[row({ connection_id: OTHER, study: "ONC-101", action: "study.retired", details: "{}" })]}
        names={new Map([[CONNECTION, "Northstar"]])}
      />,
    );
    const [[, , , , action, target]] = cells(html);
    expect(action).toBe("study.retired");
    expect(target).toBe("ONC-101 an unknown connection");
  });
});

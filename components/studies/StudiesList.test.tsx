import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { COUNT_PAGES } from "@/lib/study/studies-home";
import type { ConnectionRow } from "@/lib/study/studies-home-data";
import { StudiesList } from "./StudiesList";

const ID = "7d1c1f4e-0000-4000-8000-000000000001";
const connection: ConnectionRow = {
  id: ID,
  name: "Northstar",
  partnerId: "NORTHSTAR",
  health: { word: "Working", reason: null, basis: { what: "load", at: "2026-11-02T09:30:00.000Z" } },
  studies: [
    {
      study: "ONC-101",
      access: { word: "Granted", reason: null, basis: null },
      held: {
        loadedAt: Date.UTC(2026, 10, 2, 9, 30),
        counts: [
          { kind: "subjects", label: "subjects", n: 1200 },
          { kind: "AdverseEvent", label: "adverse events", n: 4 },
        ],
      },
    },
    { study: "CARD-201", access: { word: "Refused", reason: "not granted", basis: null }, held: null },
  ],
};
const html = (c: ConnectionRow = connection) =>
  renderToStaticMarkup(<StudiesList connections={[c]} pages={COUNT_PAGES} />);

describe("StudiesList", () => {
  it("names each connection's region by its heading, with its health in a word and its basis", () => {
    const page = html();
    expect(page).toContain(`<section aria-labelledby="conn-${ID}"`);
    expect(page).toContain(`<h2 id="conn-${ID}">Northstar</h2>`);
    expect(page).toMatch(/Partner ID NORTHSTAR · Connection: <span class="[^"]+" data-state="Working">Working<\/span>/);
    expect(page).toContain('(last load <time dateTime="2026-11-02T09:30:00.000Z">2 Nov 2026, 09:30 UTC</time>)');
    expect(page).not.toContain("Test it in Settings");
  });

  it("links the study by its number and each count to the page that lists its records", () => {
    const page = html();
    const study = `/studies/${ID}/ONC-101`;
    expect(page).toMatch(new RegExp(`<a class="[^"]+" href="${study}">ONC-101</a>`));
    expect(page).toContain(`<a href="${study}/subjects">1,200 subjects</a>`);
    expect(page).toContain(`<a href="${study}/adverse-events">4 adverse events</a>`);
    expect(page).toContain('Data as of <time dateTime="2026-11-02T09:30:00.000Z">2 Nov 2026, 09:30 UTC</time>');
  });

  it("says a refused study is refused, with its reason, and what is not loaded yet", () => {
    const row = html().split('data-study="CARD-201"')[1];
    expect(row).toContain('data-state="Refused">Refused: not granted</span>');
    expect(row).toContain(">Not loaded yet</p>");
    expect(row).not.toContain("Data as of");
  });

  it("offers the test in Settings when the connection is not known to work", () => {
    const page = html({ ...connection, health: { word: "Not tried", reason: null, basis: null } });
    expect(page).toContain('data-state="Not tried">Not tried</span>');
    expect(page).toContain('<a href="/settings/connections">Test it in Settings</a>');
  });

  it("after a failed load says the connection fails, why, when, and what to do", () => {
    const failure = {
      kind: "unavailable" as const,
      status: 503,
      attempts: 3,
      request: { what: "Patient", study: "ONC-101", path: "/svc-apim/fhir/Patient" },
    };
    const page = html({
      ...connection,
      health: {
        word: "Failing",
        reason: "service down",
        basis: { what: "failed load", at: "2026-11-02T09:45:00.000Z" },
        failure,
      },
    });
    expect(page).toContain('data-state="Failing">Failing: service down</span>');
    expect(page).toContain('(load failed <time dateTime="2026-11-02T09:45:00.000Z">2 Nov 2026, 09:45 UTC</time>)');
    expect(page).toContain(
      "The partner service is unavailable (it answered HTTP 503, asked 3 times). Wait a few minutes, then open the " +
        "study again.</p>",
    );
    expect(page).toContain('<a href="/settings/connections">Test it in Settings</a>');
  });

  it("gives no advice while the connection works, nor for a failed test (its report in Settings says it)", () => {
    expect(html()).not.toContain("Wait a few minutes");
    const tested = html({
      ...connection,
      health: { word: "Unreachable", reason: "unreachable", basis: { what: "test", at: "2026-11-02T09:45:00.000Z" } },
    });
    expect(tested).not.toContain("could not be reached");
  });

  it("writes a date as every sentence of the portal does: September is Sep", () => {
    const held = { loadedAt: Date.UTC(2026, 8, 3, 7, 5), counts: [] };
    const page = html({ ...connection, studies: [{ ...connection.studies[0], held }] });
    expect(page).toContain('Data as of <time dateTime="2026-09-03T07:05:00.000Z">3 Sep 2026, 07:05 UTC</time>');
  });
});

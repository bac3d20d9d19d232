/**
 * Every study section's URL contract (each page's parseQuery, sections/frame/section.ts) given fuzzed query
 * parameters and path segments (./url-fuzz-testing.ts): random, 10,000 characters long, repeated, empty, markup,
 * unicode, NaN, Infinity, -1, 1e309, `__proto__`. A parser never throws (none has a typed refusal: what it does not
 * understand falls back to its default), holds only bounded texts and finite numbers, names refused parameters by
 * their names only, gives the same state for what it writes back into its links, and its page's title and tabs
 * carry no value as raw markup. A parser that hung would fail the test's timeout.
 */
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { SectionData } from "@/lib/study/section-data";
import { type AeQuery, aeQueryParams, parseAeQuery } from "@/sections/adverse-events/query";
import { ADVERSE_EVENTS } from "@/sections/adverse-events/section";
import { checksHref, type DataChecksQuery, parseDataChecksQuery } from "@/sections/data-checks/query";
import { DATA_CHECKS } from "@/sections/data-checks/section";
import { type LiverQuery, liverSearch, parseLiverQuery } from "@/sections/laboratory/liver-query";
import { type LabQuery, labSearch, parseLabQuery } from "@/sections/laboratory/query";
import { LABORATORY, LIVER_SAFETY } from "@/sections/laboratory/section";
import { type MedicationQuery, medicationHref, parseMedicationQuery } from "@/sections/medications/query";
import { MEDICATIONS } from "@/sections/medications/section";
import { SUBJECT_PROFILE } from "@/sections/subject-profile/section";
import { keptSearchParams } from "@/sections/subject-profile/ui/kept-state";
import { SUBJECTS } from "@/sections/subjects/section";
import { parseResponseQuery, type ResponseQuery, responseQueryParams } from "@/sections/tumour-response/query";
import {
  RESPONSE_PAGE,
  SPIDER_PLOT,
  SWIMMER_PLOT,
  TUMOUR_RESPONSE,
  WATERFALL_PLOT,
} from "@/sections/tumour-response/section";
import { VITAL_SIGNS } from "@/sections/vital-signs/section";
import type { Section } from "./section";
import { sectionMetadata } from "./section-page";
import { fuzzedParams, fuzzStream, HOSTILE_VALUES, RAW_MARKUP, RecordingParams, randomText } from "./url-fuzz-testing";

// The tabs mark the current page by the path, which only Next.js knows.
vi.mock("next/navigation", () => ({
  usePathname: () => "/studies/c/ONC-101",
  useSearchParams: () => new URLSearchParams(),
}));

type AnySection = Section<unknown, SectionData>;
const PAGES = Object.entries({
  SUBJECTS,
  SUBJECT_PROFILE,
  ADVERSE_EVENTS,
  LABORATORY,
  LIVER_SAFETY,
  VITAL_SIGNS,
  MEDICATIONS,
  TUMOUR_RESPONSE,
  WATERFALL_PLOT,
  SPIDER_PLOT,
  SWIMMER_PLOT,
  RESPONSE_PAGE,
  DATA_CHECKS,
}).map(([name, section]) => [name, section as unknown as AnySection] as const);

/** How a page writes its query back into its links, and what of the query those links keep. */
interface RoundTrip {
  write(query: never): URLSearchParams;
  parse(params: URLSearchParams): unknown;
  kept(query: never): unknown;
}
const search = (href: string) => new URLSearchParams(href.split("#")[0].split("?")[1] ?? "");
const shared: RoundTrip = {
  write: (q: ResponseQuery) => responseQueryParams(q),
  parse: parseResponseQuery,
  kept: ({ options, dayOne, population, bor }: ResponseQuery) => ({ options, dayOne, population, bor }),
};
const ROUND_TRIPS: Partial<Record<string, RoundTrip>> = {
  ADVERSE_EVENTS: {
    write: (q: AeQuery) => aeQueryParams(q),
    parse: (p) => ({ ...parseAeQuery(p), ignored: [] }),
    kept: (q: AeQuery) => ({ ...q, ignored: [] }),
  },
  LABORATORY: {
    write: (q: LabQuery) => search(labSearch(q)),
    parse: parseLabQuery,
    kept: (q: LabQuery) => ({ ...q, windowIgnored: false }),
  },
  LIVER_SAFETY: { write: (q: LiverQuery) => search(liverSearch(q)), parse: parseLiverQuery, kept: (q) => q },
  MEDICATIONS: {
    write: (q: MedicationQuery) => search(medicationHref("", q)),
    parse: parseMedicationQuery,
    kept: (q) => q,
  },
  DATA_CHECKS: {
    write: (q: DataChecksQuery) => search(checksHref("", q)),
    parse: parseDataChecksQuery,
    kept: (q) => q,
  },
  TUMOUR_RESPONSE: shared,
  WATERFALL_PLOT: shared,
  SPIDER_PLOT: shared,
  SWIMMER_PLOT: shared,
  RESPONSE_PAGE: shared,
};

/** The longest text a parsed query keeps of a parameter (the parsers' MAX_TEXT and MAX_PARAM). */
const MAX_KEPT = 200;
/** The longest title a page shows for any address (a subject ID is shortened to 64 characters). */
const MAX_TITLE = 200;
const ROUNDS = 100;

/** Segments of a page below the study: a subject ID as Next.js gives it, still percent-encoded. */
const segmentsFor = (text: string) => ({ subjectId: text });
const SEGMENTS = ["101-0001", ...HOSTILE_VALUES, "%", "%E0%A4%A", "a%2Fb", "%3Cscript%3E", "%2e%2e"];

function expectBoundedState(value: unknown, where: string, names: ReadonlySet<string>): void {
  if (value instanceof URLSearchParams) {
    // The subject profile keeps its parameters: what it writes back into its links is checked instead.
    expectBoundedState([...keptSearchParams(value)], where, names);
    return;
  }
  if (typeof value === "function") expect.fail(`${where} is a function`);
  if (typeof value === "number") expect(Number.isFinite(value), `${where} = ${value}`).toBe(true);
  if (typeof value === "string") expect(value.length, where).toBeLessThanOrEqual(MAX_KEPT);
  if (typeof value !== "object" || value === null) return;
  expect([Object.prototype, Array.prototype], where).toContain(Object.getPrototypeOf(value));
  for (const [k, v] of Object.entries(value)) {
    // The subject ID comes from the path, bounded by the request's length; the title shortens it (checked below).
    if (k === "subjectId") continue;
    if (k === "ignored") for (const name of v as string[]) expect(names, `${where}.ignored`).toContain(name);
    expectBoundedState(v, `${where}.${k}`, names);
  }
}

/** A state with its search parameters (the subject profile keeps them) as their entries. */
const comparable = (query: unknown) =>
  JSON.parse(JSON.stringify(query, (_, v) => (v instanceof URLSearchParams ? [...v] : v)));

async function expectSafePage(section: AnySection, params: URLSearchParams, segment: string, names: Set<string>) {
  const segments = segmentsFor(segment);
  const recording = new RecordingParams(params, names);
  const query = section.parseQuery(recording, segments);
  expectBoundedState(query, "query", names);
  // The same address gives the same state: the parser keeps nothing between requests.
  expect(comparable(section.parseQuery(new URLSearchParams(params), segments))).toEqual(comparable(query));
  const place = {
    study: "ONC-101",
    studyHref: "/studies/c/ONC-101",
    base: "/studies/c/ONC-101/x",
    searchParams: params,
  };
  const input = { place, query };
  const title = typeof section.title === "string" ? section.title : section.title(input);
  expect(title.length).toBeLessThanOrEqual(MAX_TITLE);
  // Rendered only when the address holds markup: rendering is the slow part, and nothing else can come out raw.
  if (/<|%3c/i.test(`${[...params].join()}${segment}`)) {
    const heading = createElement("h1", null, title);
    expect(renderToStaticMarkup(createElement(Fragment, null, heading, section.tabs?.(input)))).not.toMatch(RAW_MARKUP);
  }
  const route = { connectionId: "c", study: "ONC-101", ...segments };
  const meta = await sectionMetadata(section)({ params: Promise.resolve(route) });
  expect(String(meta.title).length).toBeLessThanOrEqual(MAX_TITLE);
  return query;
}

describe.each(PAGES)("the %s page, given fuzzed parameters", (name, section) => {
  // The names the parser reads, learnt as the fuzz goes (some are read only when another is given).
  const names = new Set<string>();

  it("understands an address without parameters", async () => {
    await expectSafePage(section, new URLSearchParams(), "101-0001", names);
  });

  it("reads every hostile value of every parameter it knows as its default or a bounded value", async () => {
    for (const param of [...names])
      for (const value of HOSTILE_VALUES)
        await expectSafePage(section, new URLSearchParams({ [param]: value }), "s", names);
  });

  it("reads hostile path segments", async () => {
    for (const segment of SEGMENTS) await expectSafePage(section, new URLSearchParams(), segment, names);
  });

  it(`reads ${ROUNDS} random addresses of random, repeated and hostile parameters`, async () => {
    const rng = fuzzStream(name);
    for (let round = 0; round < ROUNDS; round++) {
      const params = fuzzedParams(rng, [...names]);
      const segment = rng.chance(0.5) ? rng.pick(SEGMENTS) : randomText(rng, 30);
      const query = await expectSafePage(section, params, segment, names);
      // What the page writes back into its links is read as the same query.
      const trip = ROUND_TRIPS[name];
      const written = query as never;
      if (trip) expect(trip.parse(trip.write(written)), params.toString().slice(0, 200)).toEqual(trip.kept(written));
    }
  });

  it("reads a parameter repeated 10,000 times", async () => {
    for (const param of [...names].slice(0, 8)) {
      const params = new URLSearchParams();
      for (let i = 0; i < 10_000; i++) params.append(param, String(i));
      await expectSafePage(section, params, "101-0001", names);
    }
  });
});

/** Investigational sites of a study: numbering, time zone, staff and local laboratory habits. */
import type { Zone } from "./dates";
import type { Site, StudyPlan } from "./generator-types";
import { type Rng, stream } from "./prng";

const US_ZONES: readonly Zone[] = [
  { label: "US Eastern", standardMinutes: -300, dst: "US" },
  { label: "US Central", standardMinutes: -360, dst: "US" },
  { label: "US Mountain", standardMinutes: -420, dst: "US" },
  { label: "US Pacific", standardMinutes: -480, dst: "US" },
];
const CENTRAL_EUROPE: Zone = { label: "Central Europe", standardMinutes: 60, dst: "EU" };
const UK: Zone = { label: "United Kingdom", standardMinutes: 0, dst: "EU" };

function practitioners(rng: Rng, used: Set<string>): string[] {
  const ids: string[] = [];
  const count = rng.int(2, 4);
  while (ids.length < count) {
    const id = `PR-${rng.int(1000, 9899)}`;
    if (used.has(id)) continue;
    used.add(id);
    ids.push(id);
  }
  return ids;
}

function makeSite(rng: Rng, number: string, zone: Zone, used: Set<string>): Site {
  const us = zone.dst === "US";
  // Some European sites may not record race or ethnicity (national privacy rules).
  const restrictive = zone === CENTRAL_EUROPE && rng.chance(0.5);
  return {
    number,
    zone,
    practitioners: practitioners(rng, used),
    glucoseMmol: zone === UK,
    raceUnknownRate: restrictive ? 0.7 : us ? 0.03 : 0.08,
    hispanicRate: us ? 0.12 : 0.03,
    ethnicityUnknownRate: restrictive ? 0.7 : us ? 0.04 : 0.12,
    weight: rng.range(0.5, 1.6),
  };
}

/**
 * One site per ~8 subjects (2 to 12). Site numbers start with the study's
 * position in the plan ("101", "102" for the first study), which keeps
 * subject IDs unique across the database. The last site is British and its
 * laboratory reports glucose in mmol/L.
 */
export function makeSites(seed: number, plan: StudyPlan, index: number): Site[] {
  const rng = stream(seed, plan.studyNumber, "sites");
  const count = Math.min(12, Math.max(2, Math.round(plan.subjects / 8)));
  const used = new Set<string>();
  const sites: Site[] = [];
  for (let i = 0; i < count; i++) {
    const number = `${index + 1}${String(i + 1).padStart(2, "0")}`;
    const zone = i === count - 1 ? UK : rng.chance(0.75) ? rng.pick(US_ZONES) : CENTRAL_EUROPE;
    sites.push(makeSite(rng, number, zone, used));
  }
  return sites;
}

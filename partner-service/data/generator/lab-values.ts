/**
 * Laboratory values: each subject has its own baselines, each visit adds
 * biological noise, and clinically typical excursions occur (neutrophil
 * nadirs, platelet drops, transaminase spikes, kidney injury). Derived indices
 * are computed, not drawn, so they agree with each other: WBC is the sum of the
 * differential, RBC/MCH/MCHC follow from HGB, HCT and MCV, eGFR is CKD-EPI 2021
 * from creatinine, age and sex. Values come out in LAB_TESTS order.
 */

import type { SubjectCtx } from "./generator-types";
import type { Rng } from "./prng";

export interface LabProfile {
  female: boolean;
  age: number;
  oncology: boolean;
  proteinuria: number;
  [analyte: string]: number | boolean;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export function labProfile(subject: SubjectCtx, oncology: boolean, rng: Rng): LabProfile {
  const female = subject.gender === "female";
  const n = (mean: number, sd: number, lo: number, hi: number) => clamp(rng.normal(mean, sd), lo, hi);
  return {
    female,
    age: subject.age,
    oncology,
    hgb: (female ? n(13.6, 1.0, 10, 16.2) : n(15.1, 1.1, 11, 17.8)) - (oncology ? 0.7 : 0),
    mcv: n(90, 4.5, 76, 104),
    rdw: n(13.2, 0.8, 11.2, 16),
    plt: n(255, 60, 120, 520),
    neut: n(4.2, 1.3, 1.7, 9),
    lymph: n(1.9, 0.5, 0.7, 3.8),
    mono: n(0.5, 0.12, 0.2, 1),
    eos: n(0.17, 0.1, 0.02, 0.6),
    baso: n(0.04, 0.02, 0.01, 0.12),
    na: n(139.5, 2, 134, 145),
    k: n(4.2, 0.3, 3.5, 5.1),
    cl: n(102, 2.2, 96, 108),
    co2: n(25, 1.8, 21, 30),
    bun: n(15, 4, 6, 35),
    creat: female ? n(0.76, 0.14, 0.45, 1.6) : n(0.95, 0.17, 0.55, 1.9),
    gluc: rng.chance(0.14) ? n(142, 25, 100, 230) : n(90, 8, 70, 115),
    ca: n(9.4, 0.35, 8.5, 10.4),
    mg: n(2.0, 0.15, 1.6, 2.5),
    phos: n(3.5, 0.45, 2.4, 4.8),
    tp: n(7.0, 0.4, 5.8, 8.2),
    alb: n(oncology ? 3.8 : 4.1, 0.35, 2.9, 5),
    alt: clamp(rng.logNormal(21, 0.35), 7, 60),
    ast: clamp(rng.logNormal(23, 0.3), 10, 55),
    alp: clamp(rng.logNormal(oncology ? 95 : 78, 0.3), 35, 260),
    ggt: clamp(rng.logNormal(28, 0.45), 8, 140),
    bili: clamp(rng.logNormal(0.6, 0.35), 0.2, 1.4),
    ldh: n(oncology ? 235 : 195, 35, 120, 380),
    uric: n(5.4, 1.2, 2.5, 8.8),
    hdl: female ? n(56, 12, 30, 95) : n(45, 10, 25, 80),
    proteinuria: rng.chance(0.2) ? 0.35 : 0.06,
  };
}

const num = (p: LabProfile, key: string) => p[key] as number;
const jitter = (rng: Rng, sd: number) => Math.exp(rng.normal(0, sd));

function hematology(p: LabProfile, cycle: number, active: Set<string>, rng: Rng): number[] {
  const treated = p.oncology && cycle > 0;
  const hgb = num(p, "hgb") - (p.oncology ? Math.min(1.6, 0.05 * cycle) : 0) + rng.normal(0, 0.35);
  const mcv = num(p, "mcv") + rng.normal(0, 1);
  const hct = hgb * (3.0 + rng.normal(0, 0.04));
  const rbc = (hct / mcv) * 10;
  let neut = num(p, "neut") * jitter(rng, 0.15);
  if (active.has("Febrile neutropenia")) neut = rng.range(0.1, 0.45);
  else if (treated && rng.chance(0.07)) neut *= rng.range(0.12, 0.4);
  let plt = num(p, "plt") * jitter(rng, 0.1);
  if (treated && rng.chance(0.04)) plt *= rng.range(0.25, 0.55);
  const lymph = num(p, "lymph") * jitter(rng, 0.15);
  const mono = num(p, "mono") * jitter(rng, 0.15);
  const eos = num(p, "eos") * jitter(rng, 0.25);
  const baso = num(p, "baso") * jitter(rng, 0.25);
  const wbc = neut + lymph + mono + eos + baso;
  return [
    wbc,
    rbc,
    hgb,
    hct,
    mcv,
    (hgb / rbc) * 10,
    (hgb / hct) * 100,
    num(p, "rdw") + rng.normal(0, 0.3),
    plt,
    neut,
    lymph,
    mono,
    eos,
    baso,
  ];
}

/** CKD-EPI 2021 (race-free) creatinine equation, mL/min/1.73 m2. */
export function ckdEpi2021(creatinine: number, age: number, female: boolean): number {
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const r = creatinine / kappa;
  return 142 * Math.min(r, 1) ** alpha * Math.max(r, 1) ** -1.2 * 0.9938 ** age * (female ? 1.012 : 1);
}

function liver(p: LabProfile, treated: boolean, rng: Rng): number[] {
  let alt = num(p, "alt") * jitter(rng, 0.18);
  let ast = num(p, "ast") * jitter(rng, 0.15);
  if (rng.chance(treated ? 0.04 : 0.012)) {
    alt = 40 * rng.range(2.5, 6.5);
    ast = alt * rng.range(0.55, 0.9);
  }
  const bili = rng.chance(0.015) ? rng.range(1.4, 2.6) : num(p, "bili") * jitter(rng, 0.15);
  return [alt, ast, num(p, "alp") * jitter(rng, 0.08), num(p, "ggt") * jitter(rng, 0.12), bili];
}

function chemistry(p: LabProfile, cycle: number, active: Set<string>, rng: Rng): number[] {
  const diarrhea = active.has("Diarrhea");
  let creat = num(p, "creat") * jitter(rng, 0.06);
  let bun = num(p, "bun") * jitter(rng, 0.12);
  if (rng.chance(0.02) || (diarrhea && rng.chance(0.3))) {
    const f = rng.range(1.3, 2.0);
    creat *= f;
    bun *= f * 1.2;
  }
  const age = p.age + (Math.max(0, cycle) * 28) / 365.25;
  const k = num(p, "k") + rng.normal(0, 0.2) - (diarrhea ? rng.range(0.3, 0.8) : 0);
  return [
    num(p, "na") + rng.normal(0, 1.5),
    k,
    num(p, "cl") + rng.normal(0, 1.5),
    num(p, "co2") + rng.normal(0, 1.2),
    bun,
    creat,
    ckdEpi2021(creat, age, p.female),
    num(p, "gluc") * jitter(rng, 0.1),
    num(p, "ca") + rng.normal(0, 0.2),
    num(p, "mg") + rng.normal(0, 0.1),
    num(p, "phos") + rng.normal(0, 0.3),
    num(p, "tp") + rng.normal(0, 0.2),
    num(p, "alb") + rng.normal(0, 0.15),
    ...liver(p, p.oncology && cycle > 0, rng),
    num(p, "ldh") * jitter(rng, 0.1),
    num(p, "uric") + rng.normal(0, 0.4),
    num(p, "hdl") * jitter(rng, 0.07),
  ];
}

const DIPSTICK: readonly (readonly [string, number])[] = [
  ["Trace", 40],
  ["1+", 35],
  ["2+", 18],
  ["3+", 7],
];

function urine(p: LabProfile, glucoseMgdl: number, rng: Rng): string[] {
  const protein = rng.chance(p.proteinuria) ? rng.weighted(DIPSTICK) : "Negative";
  const blood = rng.chance(0.08)
    ? rng.weighted([
        ["Trace", 50],
        ["1+", 30],
        ["2+", 20],
      ] as const)
    : "Negative";
  const sugar = glucoseMgdl > 250 ? "2+" : glucoseMgdl > 180 ? "1+" : rng.chance(0.02) ? "Trace" : "Negative";
  return [protein, blood, sugar];
}

/** One visit's results in LAB_TESTS order (glucose in mg/dL). */
export function labPanel(p: LabProfile, cycle: number, active: Set<string>, rng: Rng): (number | string)[] {
  const chem = chemistry(p, cycle, active, rng);
  return [...hematology(p, cycle, active, rng), ...chem, ...urine(p, chem[7], rng)];
}

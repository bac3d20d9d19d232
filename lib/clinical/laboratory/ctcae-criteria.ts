/**
 * The NCI CTCAE v5.0 (November 2017) grading criteria of the laboratory tests this portal grades
 * (docs/clinical-rules.md, CTCAE grades of laboratory results), written out as numeric bands. Where a grade needs
 * clinical context (symptoms, an intervention, hospitalisation, life-threatening consequences) only its numeric
 * band is kept: a grade that has none is never given, and where the same values reach two grades by symptoms
 * (hypokalaemia below the lower limit down to 3.0 mmol/L is grade 1, grade 2 if symptomatic; hyponatraemia 125-129
 * mmol/L is grade 2, grade 3 if symptomatic) the value gives the lower.
 *
 * A band's limit is the record's own upper or lower limit (`ULN`, `LLN`: the result is flagged H or L against its
 * own range), a multiple of the upper limit or of the subject's baseline, the upper limit plus an amount, or a value
 * in the band's unit. Bands are listed from the highest grade down; a value beyond a band's limit has its grade.
 */

export type CtcaeGrade = 1 | 2 | 3 | 4;

export type Limit =
  | { flag: "ULN" | "LLN" }
  | { timesUln: number }
  | { timesBaseline: number }
  | { ulnPlus: number }
  | { value: number };

export interface Band {
  grade: CtcaeGrade;
  limit: Limit;
  /** The limit itself is in the band (CTCAE's "1.5 - 3.0 x baseline"); else only values beyond it. */
  inclusive?: boolean;
}

export interface CtcaeTerm {
  term: string;
  /** Above the limits (an increase) or below them (a decrease). */
  direction: "high" | "low";
  /** Bands by unit (as ./ctcae.ts, unitKey, writes it); `*` for bands that hold in any unit (multiples, flags). */
  bands: Readonly<Record<string, readonly Band[]>>;
  /**
   * Bands by multiples of the subject's baseline for results after baseline: `instead` of `bands` when the baseline
   * was above its upper limit (the transaminases, ALP, GGT, bilirubin), or `also`, the higher grade counting
   * (creatinine).
   */
  baseline?: { use: "instead" | "also"; bands: readonly Band[] };
  /** A term CTCAE v5.0 grades by treatment alone: a value beyond the record's limit has no grade, for this reason. */
  unbanded?: string;
}

type Limited = Omit<Band, "grade">;
const uln: Limited = { limit: { flag: "ULN" } };
const lln: Limited = { limit: { flag: "LLN" } };
const x = (timesUln: number): Limited => ({ limit: { timesUln } });
const xb = (timesBaseline: number, inclusive = false): Limited => ({ limit: { timesBaseline }, inclusive });
const plus = (ulnPlus: number): Limited => ({ limit: { ulnPlus } });
const v = (value: number): Limited => ({ limit: { value } });
/** Bands from grade 4 down to grade 1; null where CTCAE has no numeric band for the grade. */
const grades = (...bands: (Limited | null)[]): Band[] =>
  bands.flatMap((b, i) => (b ? [{ ...b, grade: (4 - i) as CtcaeGrade }] : []));

/** An increase graded by multiples of the upper limit, by multiples of an abnormal baseline instead. */
const liver = (term: string, ulnTimes: [number, number, number], g1Baseline: [number, boolean]): CtcaeTerm => ({
  term,
  direction: "high",
  bands: { "*": grades(x(ulnTimes[2]), x(ulnTimes[1]), x(ulnTimes[0]), uln) },
  baseline: {
    use: "instead",
    bands: grades(xb(ulnTimes[2]), xb(ulnTimes[1]), xb(ulnTimes[0]), xb(...g1Baseline)),
  },
});

const COUNT = "10^9/l";

/** The criteria by test, keyed by an upper-case name the test goes by (./ctcae.ts, CTCAE_TESTS). */
export const CTCAE_CRITERIA: Readonly<Record<string, readonly CtcaeTerm[]>> = {
  ALT: [liver("Alanine aminotransferase increased", [3, 5, 20], [1.5, true])],
  AST: [liver("Aspartate aminotransferase increased", [3, 5, 20], [1.5, true])],
  ALP: [liver("Alkaline phosphatase increased", [2.5, 5, 20], [2, true])],
  GGT: [liver("GGT increased", [2.5, 5, 20], [2, true])],
  BILI: [liver("Blood bilirubin increased", [1.5, 3, 10], [1, false])],
  CREAT: [
    {
      term: "Creatinine increased",
      direction: "high",
      bands: { "*": grades(x(6), x(3), x(1.5), uln) },
      baseline: { use: "also", bands: grades(null, xb(3), xb(1.5)) },
    },
  ],
  HGB: [
    {
      term: "Anemia",
      direction: "low",
      bands: {
        "g/dl": grades(null, v(8), v(10), lln),
        "g/l": grades(null, v(80), v(100), lln),
        "mmol/l": grades(null, v(4.9), v(6.2), lln),
      },
    },
    {
      term: "Hemoglobin increased",
      direction: "high",
      bands: {
        "g/dl": grades(null, plus(4), plus(2), uln),
        "g/l": grades(null, plus(40), plus(20), uln),
      },
    },
  ],
  NEUT: [
    { term: "Neutrophil count decreased", direction: "low", bands: { [COUNT]: grades(v(0.5), v(1), v(1.5), lln) } },
  ],
  LYMPH: [
    { term: "Lymphocyte count decreased", direction: "low", bands: { [COUNT]: grades(v(0.2), v(0.5), v(0.8), lln) } },
    { term: "Lymphocyte count increased", direction: "high", bands: { [COUNT]: grades(null, v(20), v(4), null) } },
  ],
  PLT: [{ term: "Platelet count decreased", direction: "low", bands: { [COUNT]: grades(v(25), v(50), v(75), lln) } }],
  WBC: [
    { term: "White blood cell decreased", direction: "low", bands: { [COUNT]: grades(v(1), v(2), v(3), lln) } },
    { term: "Leukocytosis", direction: "high", bands: { [COUNT]: grades(null, v(100), null, null) } },
  ],
  K: [
    { term: "Hyperkalemia", direction: "high", bands: { "mmol/l": grades(v(7), v(6), v(5.5), uln) } },
    { term: "Hypokalemia", direction: "low", bands: { "mmol/l": grades(v(2.5), v(3), null, lln) } },
  ],
  NA: [
    { term: "Hypernatremia", direction: "high", bands: { "mmol/l": grades(v(160), v(155), v(150), uln) } },
    { term: "Hyponatremia", direction: "low", bands: { "mmol/l": grades(v(120), v(125), v(130), lln) } },
  ],
  CA: [
    {
      term: "Hypercalcemia",
      direction: "high",
      bands: {
        "mg/dl": grades(v(13.5), v(12.5), v(11.5), uln),
        "mmol/l": grades(v(3.4), v(3.1), v(2.9), uln),
      },
    },
    {
      term: "Hypocalcemia",
      direction: "low",
      bands: { "mg/dl": grades(v(6), v(7), v(8), lln), "mmol/l": grades(v(1.5), v(1.75), v(2), lln) },
    },
  ],
  MG: [
    {
      term: "Hypermagnesemia",
      direction: "high",
      bands: { "mg/dl": grades(v(8), v(3), null, uln), "mmol/l": grades(v(3.3), v(1.23), null, uln) },
    },
    {
      term: "Hypomagnesemia",
      direction: "low",
      bands: {
        "mg/dl": grades(v(0.7), v(0.9), v(1.2), lln),
        "mmol/l": grades(v(0.3), v(0.4), v(0.5), lln),
      },
    },
  ],
  GLUC: [
    { term: "Hyperglycemia", direction: "high", bands: {}, unbanded: "CTCAE v5.0 grades hyperglycemia by treatment" },
    {
      term: "Hypoglycemia",
      direction: "low",
      bands: { "mg/dl": grades(v(30), v(40), v(55), lln), "mmol/l": grades(v(1.7), v(2.2), v(3), lln) },
    },
  ],
  ALB: [
    {
      term: "Hypoalbuminemia",
      direction: "low",
      bands: { "g/dl": grades(null, v(2), v(3), lln), "g/l": grades(null, v(20), v(30), lln) },
    },
  ],
  PHOS: [
    {
      term: "Hypophosphatemia",
      direction: "low",
      bands: {},
      unbanded: "CTCAE v5.0 grades hypophosphatemia by treatment",
    },
  ],
  URIC: [{ term: "Hyperuricemia", direction: "high", bands: { "*": grades(null, null, null, uln) } }],
};

/**
 * The laboratory tests of the data set, in panel order (the order of a
 * subject's results within one collection). Reference ranges deliberately
 * come in the shapes seen in real feeds: "a-b", "a - b", "<x", "<=x", ">x",
 * ">=x", free text and none.
 */

export type Panel = "HEM" | "CHEM" | "URINE";

export interface LabTest {
  code: string;
  /** The service's own code; null where the service has none. */
  service: string | null;
  panel: Panel;
  unit: string | null;
  /** Range text, or [male, female] when it depends on sex. */
  range: string | null | readonly [string, string];
  decimals: number;
  text?: boolean;
}

const t = (
  code: string,
  service: string | null,
  panel: Panel,
  unit: string | null,
  range: LabTest["range"],
  decimals: number,
  text = false,
): LabTest => ({ code, service, panel, unit, range, decimals, text });

export const LAB_TESTS: readonly LabTest[] = [
  t("WBC", "LB0101", "HEM", "10^9/L", "4.0 - 11.0", 1),
  t("RBC", "LB0102", "HEM", "10^12/L", ["4.50-5.90", "4.10-5.10"], 2),
  t("HGB", "LB0103", "HEM", "g/dL", ["13.5-17.5", "12.0-15.5"], 1),
  t("HCT", "LB0104", "HEM", "%", ["41-53", "36-46"], 1),
  t("MCV", "LB0105", "HEM", "fL", "80-100", 1),
  t("MCH", "LB0106", "HEM", "pg", "27.0 - 33.0", 1),
  t("MCHC", "LB0107", "HEM", "g/dL", "32.0-36.0", 1),
  t("RDW", "LB0108", "HEM", "%", "11.5-14.5", 1),
  t("PLT", "LB0109", "HEM", "10^9/L", "150-400", 0),
  t("NEUT", "LB0110", "HEM", "10^9/L", "1.8-7.7", 2),
  t("LYMPH", "LB0111", "HEM", "10^9/L", "1.0 - 4.8", 2),
  t("MONO", null, "HEM", "10^9/L", null, 2),
  t("EOS", "LB0113", "HEM", "10^9/L", "<=0.5", 2),
  t("BASO", "LB0114", "HEM", "10^9/L", "<0.2", 2),
  t("NA", "LB0201", "CHEM", "mmol/L", "135-145", 0),
  t("K", "LB0202", "CHEM", "mmol/L", "3.5-5.0", 1),
  t("CL", "LB0203", "CHEM", "mmol/L", "98 - 107", 0),
  t("CO2", "LB0204", "CHEM", "mmol/L", "22-29", 0),
  t("BUN", "LB0205", "CHEM", "mg/dL", "7-20", 0),
  t("CREAT", "LB0206", "CHEM", "mg/dL", ["0.74-1.35", "0.59-1.04"], 2),
  t("EGFR", null, "CHEM", "mL/min/1.73m2", ">=60", 0),
  t("GLUC", "LB0208", "CHEM", "mg/dL", "70-99", 0),
  t("CA", "LB0209", "CHEM", "mg/dL", "8.6 - 10.3", 1),
  t("MG", "LB0210", "CHEM", "mg/dL", "1.7-2.2", 1),
  t("PHOS", "LB0211", "CHEM", "mg/dL", "2.5-4.5", 1),
  t("TP", "LB0212", "CHEM", "g/dL", "6.0-8.3", 1),
  t("ALB", "LB0213", "CHEM", "g/dL", "3.5-5.0", 1),
  t("ALT", "LB0214", "CHEM", "U/L", "<=40", 0),
  t("AST", "LB0215", "CHEM", "U/L", "<35", 0),
  t("ALP", "LB0216", "CHEM", "U/L", "40-129", 0),
  t("GGT", "LB0220", "CHEM", "U/L", "8 - 61", 0),
  t("BILI", "LB0217", "CHEM", "mg/dL", "0.1 - 1.2", 1),
  t("LDH", "LB0218", "CHEM", "U/L", "140-280", 0),
  t("URIC", "LB0221", "CHEM", "mg/dL", "3.4-7.0", 1),
  t("HDL", "LB0219", "CHEM", "mg/dL", ">40", 0),
  t("UPROT", "LB0301", "URINE", null, "Negative", 0, true),
  t("UBLD", "LB0302", "URINE", null, "See report", 0, true),
  t("UGLUC", null, "URINE", null, null, 0, true),
];

/** Glucose as reported by the site whose laboratory works in SI units. */
export const GLUCOSE_MMOL = { unit: "mmol/L", range: "3.9-5.5", decimals: 1, perMgdl: 1 / 18.016 } as const;

/** Index of each test in LAB_TESTS, for readable access to a visit's value vector. */
export const LAB_INDEX: Readonly<Record<string, number>> = Object.fromEntries(
  LAB_TESTS.map((test, i) => [test.code, i]),
);

/** Tests a transcription slip may strip the unit from (numeric, with a unit). */
export const UNIT_SLIP_TESTS = ["ALB", "CA", "K", "PLT", "ALT"] as const;

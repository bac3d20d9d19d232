/**
 * --TESTCD values (docs/export-pack.md, Test codes): SDTMIG 3.4 lets a test's short name have at most 8 characters,
 * letters, digits and underscores only, not starting with a digit. A code that is no such name is not written as
 * one: the domain keeps it as sent in a variable of its own.
 */
const TEST_CODE = /^[A-Za-z_][A-Za-z0-9_]{0,7}$/;

/** Whether a text can be a --TESTCD. */
export const isTestCode = (text: string | null): text is string => text !== null && TEST_CODE.test(text);

/**
 * The names of the laboratory tests, by the partner's test code (`code.text`, which is the source's code: the partner
 * sends no name). Each code has its own name, in the words of CDISC's LBTEST terms where one fits; a urine test says
 * so, as the partner's codes do (UPROT, TP). Compared in upper case.
 */
export const LAB_TEST_NAMES: ReadonlyMap<string, string> = new Map([
  ["WBC", "Leukocytes"],
  ["RBC", "Erythrocytes"],
  ["HGB", "Hemoglobin"],
  ["HCT", "Hematocrit"],
  ["MCV", "Ery. Mean Corpuscular Volume"],
  ["MCH", "Ery. Mean Corpuscular Hemoglobin"],
  ["MCHC", "Ery. Mean Corpuscular HGB Concentration"],
  ["RDW", "Erythrocytes Distribution Width"],
  ["PLT", "Platelets"],
  ["NEUT", "Neutrophils"],
  ["LYMPH", "Lymphocytes"],
  ["MONO", "Monocytes"],
  ["EOS", "Eosinophils"],
  ["BASO", "Basophils"],
  ["NA", "Sodium"],
  ["K", "Potassium"],
  ["CL", "Chloride"],
  ["CO2", "Carbon Dioxide"],
  ["BUN", "Blood Urea Nitrogen"],
  ["CREAT", "Creatinine"],
  ["EGFR", "Glomerular Filtration Rate, Estimated"],
  ["GLUC", "Glucose"],
  ["CA", "Calcium"],
  ["MG", "Magnesium"],
  ["PHOS", "Phosphate"],
  ["TP", "Protein"],
  ["ALB", "Albumin"],
  ["ALT", "Alanine Aminotransferase"],
  ["AST", "Aspartate Aminotransferase"],
  ["ALP", "Alkaline Phosphatase"],
  ["GGT", "Gamma Glutamyl Transferase"],
  ["BILI", "Bilirubin"],
  ["LDH", "Lactate Dehydrogenase"],
  ["URIC", "Urate"],
  ["HDL", "HDL Cholesterol"],
  ["UPROT", "Urine Protein"],
  ["UBLD", "Urine Occult Blood"],
  ["UGLUC", "Urine Glucose"],
]);

export const labTestName = (code: string | null) =>
  code === null ? null : (LAB_TEST_NAMES.get(code.trim().toUpperCase()) ?? null);

/**
 * The vital-sign items the partner names (docs/partner-service.md, Observation, category vital-signs) as CDISC's
 * VSTESTCD and VSTEST terms. Two items can be one test (the temperature in °F and in °C, the height measured and
 * the height last recorded): they keep their item as sent beside the test. `Blood Pressure Positioning` is no test
 * but the position of the blood pressures taken with it (VSPOS). Compared in any case, trimmed.
 */
export const VITAL_TESTS: ReadonlyMap<string, { code: string; name: string }> = new Map(
  (
    [
      ["Blood Pressure BP Systolic", "SYSBP", "Systolic Blood Pressure"],
      ["Blood Pressure Diastolic", "DIABP", "Diastolic Blood Pressure"],
      ["BSA m2", "BSA", "Body Surface Area"],
      ["Height (centimeters)", "HEIGHT", "Height"],
      ["Last recorded Height", "HEIGHT", "Height"],
      ["Pulse Ox (SpO2)", "OXYSAT", "Oxygen Saturation"],
      ["Pulse/Heart Rate", "PULSE", "Pulse Rate"],
      ["Resp Rate", "RESP", "Respiratory Rate"],
      ["Temperature F", "TEMP", "Temperature"],
      ["Temperature Temp C", "TEMP", "Temperature"],
      ["Weight (kilograms)", "WEIGHT", "Weight"],
    ] as const
  ).map(([item, code, name]) => [item.toLowerCase(), { code, name }]),
);

/** The item whose value is the position of the blood pressures taken at the same time. */
export const isPositionItem = (item: string | null) =>
  item !== null && item.trim().toLowerCase() === "blood pressure positioning";

/** The tests a position applies to. */
export const BLOOD_PRESSURE_TESTS: ReadonlySet<string> = new Set(["SYSBP", "DIABP"]);

export const vitalTest = (item: string | null) =>
  item === null ? undefined : VITAL_TESTS.get(item.trim().toLowerCase());

/**
 * Drug labels in RxNorm clinical-drug style with their usual directions:
 * chronic background medication, treatments of adverse events, and the forms
 * of the investigational agent.
 */
import type { DrugForm } from "./generator-types";

export interface DrugDef {
  label: string;
  dosage: string;
  route: "Oral" | "Intravenous" | "Subcutaneous";
  method: "Swallow" | "Infusion" | "Injection" | "Rinse";
  dose: number | null;
  unit: string;
  /** Typical course in days; 0: taken until the condition resolves (or for good). */
  days: number;
  /** One administration only (e.g. an IV push). */
  single: boolean;
}

const d = (
  label: string,
  dosage: string,
  dose: number | null,
  days: number,
  route: DrugDef["route"] = "Oral",
  method: DrugDef["method"] = "Swallow",
  single = false,
): DrugDef => ({ label, dosage, route, method, dose, unit: "mg", days, single });

export const BACKGROUND_DRUGS: readonly DrugDef[] = [
  d("atorvastatin 20 MG Oral Tablet", "20 mg once daily at bedtime", 20, 0),
  d("metformin hydrochloride 500 MG Oral Tablet", "500 mg twice daily with meals", 500, 0),
  d("lisinopril 10 MG Oral Tablet", "10 mg once daily", 10, 0),
  d("levothyroxine sodium 0.05 MG Oral Tablet", "50 mcg once daily before breakfast", 0.05, 0),
  d("omeprazole 20 MG Delayed Release Oral Capsule", "20 mg once daily", 20, 0),
  d("amlodipine 5 MG Oral Tablet", "5 mg once daily", 5, 0),
  d("aspirin 81 MG Delayed Release Oral Tablet", "81 mg once daily", 81, 0),
  d("metoprolol succinate 50 MG Extended Release Oral Tablet", "50 mg once daily", 50, 0),
  d("sertraline 50 MG Oral Tablet", "50 mg once daily", 50, 0),
  d("tamsulosin hydrochloride 0.4 MG Oral Capsule", "0.4 mg once daily", 0.4, 0),
  d("furosemide 40 MG Oral Tablet", "40 mg once daily", 40, 0),
  d("apixaban 5 MG Oral Tablet", "5 mg twice daily", 5, 0),
];

/** Heart-failure background therapy, added in non-oncology studies. */
export const CARDIAC_DRUGS: readonly DrugDef[] = [
  d("sacubitril 49 MG / valsartan 51 MG Oral Tablet", "1 tablet twice daily", null, 0),
  d("carvedilol 12.5 MG Oral Tablet", "12.5 mg twice daily", 12.5, 0),
  d("spironolactone 25 MG Oral Tablet", "25 mg once daily", 25, 0),
  d("empagliflozin 10 MG Oral Tablet", "10 mg once daily", 10, 0),
];

const AE_TREATMENTS: Readonly<Record<string, DrugDef>> = {
  Nausea: d("ondansetron 8 MG Oral Tablet", "8 mg every 8 hours as needed", 8, 7),
  Vomiting: d("prochlorperazine maleate 10 MG Oral Tablet", "10 mg every 6 hours as needed", 10, 5),
  Diarrhea: d(
    "loperamide hydrochloride 2 MG Oral Capsule",
    "4 mg at onset, then 2 mg after each loose stool, max 16 mg/day",
    null,
    7,
  ),
  "Rash maculo-papular": d("cetirizine hydrochloride 10 MG Oral Tablet", "10 mg once daily", 10, 14),
  Pruritus: d("cetirizine hydrochloride 10 MG Oral Tablet", "10 mg once daily as needed", 10, 10),
  Hypertension: d("amlodipine 5 MG Oral Tablet", "5 mg once daily", 5, 0),
  "Mucositis oral": d(
    "lidocaine hydrochloride 20 MG/ML Oral Solution",
    "15 mL swish and spit every 3 hours as needed",
    null,
    10,
    "Oral",
    "Rinse",
  ),
  Pneumonitis: d("prednisone 20 MG Oral Tablet", "1 mg/kg once daily, taper over 4 weeks", 60, 30),
  "Febrile neutropenia": d(
    "ceftriaxone 1000 MG Injection",
    "2 g IV every 24 hours",
    2000,
    5,
    "Intravenous",
    "Infusion",
  ),
  Fever: d("acetaminophen 500 MG Oral Tablet", "1000 mg every 6 hours as needed", 1000, 3),
  Headache: d("acetaminophen 500 MG Oral Tablet", "500-1000 mg every 6 hours as needed", null, 3),
  "Back pain": d("oxycodone hydrochloride 5 MG Oral Tablet", "5 mg every 4-6 hours as needed", 5, 14),
  Arthralgia: d("ibuprofen 400 MG Oral Tablet", "400 mg every 8 hours as needed with food", 400, 14),
  "Peripheral sensory neuropathy": d("pregabalin 75 MG Oral Capsule", "75 mg twice daily", 75, 0),
  Constipation: d("sennosides 8.6 MG Oral Tablet", "17.2 mg at bedtime", 17.2, 10),
  Cough: d("guaifenesin 600 MG Extended Release Oral Tablet", "600 mg every 12 hours", 600, 10),
  Insomnia: d("zolpidem tartrate 5 MG Oral Tablet", "5 mg at bedtime as needed", 5, 20),
  "Decreased appetite": d("megestrol acetate 40 MG/ML Oral Suspension", "400 mg once daily", 400, 30),
  "Edema limbs": d("furosemide 20 MG Oral Tablet", "20 mg once daily", 20, 14),
  "Lung infection": d(
    "amoxicillin 875 MG / clavulanate 125 MG Oral Tablet",
    "1 tablet every 12 hours for 7 days",
    null,
    7,
  ),
  "Infusion related reaction": d(
    "diphenhydramine hydrochloride 50 MG/ML Injectable Solution",
    "25 mg IV once",
    25,
    0,
    "Intravenous",
    "Injection",
    true,
  ),
  "Upper respiratory infection": d(
    "pseudoephedrine hydrochloride 30 MG Oral Tablet",
    "60 mg every 6 hours as needed",
    60,
    5,
  ),
};

/** Growth-factor support given with the antibiotic for febrile neutropenia. */
export const FILGRASTIM = d(
  "filgrastim 0.6 MG/ML Injectable Solution",
  "5 mcg/kg subcutaneously once daily until recovery",
  0.3,
  5,
  "Subcutaneous",
  "Injection",
);

export function treatmentFor(term: string): DrugDef | null {
  return AE_TREATMENTS[term] ?? null;
}

export interface StudyDrug {
  label: string;
  reducedLabel: string;
  dosage: string;
  reducedDosage: string;
  route: DrugDef["route"];
  method: DrugDef["method"];
  dose: number;
  reducedDose: number;
  rateUnit: string;
}

type DrugForms = Record<DrugForm, (agent: string) => StudyDrug>;

const FORMS: DrugForms = {
  iv: (agent) => ({
    label: `${agent} 10 MG/ML Injectable Solution`,
    reducedLabel: `${agent} 10 MG/ML Injectable Solution`,
    dosage: "10 mg/kg IV over 60 minutes every 4 weeks",
    reducedDosage: "7.5 mg/kg IV over 60 minutes every 4 weeks (dose reduced)",
    route: "Intravenous",
    method: "Infusion",
    dose: 10,
    reducedDose: 7.5,
    rateUnit: "mg/h",
  }),
  sc: (agent) => ({
    label: `${agent} 1.5 MG in 0.5 ML Prefilled Syringe`,
    reducedLabel: `${agent} 0.75 MG in 0.5 ML Prefilled Syringe`,
    dosage: "1.5 mg subcutaneously once weekly",
    reducedDosage: "0.75 mg subcutaneously once weekly (dose reduced)",
    route: "Subcutaneous",
    method: "Injection",
    dose: 1.5,
    reducedDose: 0.75,
    rateUnit: "",
  }),
  oral: (agent) => ({
    label: `${agent} 100 MG Oral Capsule`,
    reducedLabel: `${agent} 25 MG Oral Capsule`,
    dosage: "100 mg once daily, continuous 28-day cycles",
    reducedDosage: "75 mg (3 x 25 mg capsules) once daily (dose reduced)",
    route: "Oral",
    method: "Swallow",
    dose: 100,
    reducedDose: 75,
    rateUnit: "",
  }),
};

/** The investigational agent as dispensed or administered, by its form (iv doses are per kg). */
export function studyDrug(agent: string, form: DrugForm): StudyDrug {
  return FORMS[form](agent);
}

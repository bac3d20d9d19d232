/**
 * CTCAE terms of clinical (not laboratory) adverse events: laboratory
 * toxicities are outside the partner's data set. Weights are relative
 * frequencies per profile; grade weights are for grades 1 to 4 (grade 5 only
 * comes from the death of a subject).
 */
import type { DrugForm } from "./generator-types";

export interface AeTerm {
  term: string;
  oncology: number;
  general: number;
  grades: readonly [number, number, number, number];
  /** Typical duration in days. */
  medianDays: number;
  /** Only with this form of the investigational agent. */
  form?: DrugForm;
}

const a = (
  term: string,
  oncology: number,
  general: number,
  grades: AeTerm["grades"],
  medianDays: number,
  form?: DrugForm,
): AeTerm => ({ term, oncology, general, grades, medianDays, form });

export const AE_TERMS: readonly AeTerm[] = [
  a("Fatigue", 14, 6, [55, 35, 10, 0], 30),
  a("Nausea", 11, 4, [65, 30, 5, 0], 7),
  a("Diarrhea", 12, 3, [55, 32, 12, 1], 6),
  a("Rash maculo-papular", 7, 1.5, [55, 33, 12, 0], 14),
  a("Vomiting", 6, 2, [60, 33, 7, 0], 3),
  a("Decreased appetite", 7, 1, [60, 33, 7, 0], 25),
  a("Alopecia", 3, 0, [75, 25, 0, 0], 90),
  a("Peripheral sensory neuropathy", 4, 0.5, [60, 32, 8, 0], 60),
  a("Hypertension", 7, 3, [25, 45, 28, 2], 45),
  a("Mucositis oral", 5, 0, [55, 35, 10, 0], 8),
  a("Pneumonitis", 1.5, 0, [30, 45, 20, 5], 30),
  a("Febrile neutropenia", 1.5, 0, [0, 0, 80, 20], 6),
  a("Dyspnea", 4, 4, [50, 35, 13, 2], 14),
  a("Cough", 5, 5, [70, 27, 3, 0], 14),
  a("Headache", 4, 8, [65, 30, 5, 0], 2),
  a("Arthralgia", 4, 4, [60, 33, 7, 0], 20),
  a("Pruritus", 4, 1.5, [65, 30, 5, 0], 10),
  a("Constipation", 6, 3, [65, 32, 3, 0], 7),
  a("Fever", 4, 2, [70, 25, 5, 0], 3),
  a("Back pain", 4, 5, [55, 35, 10, 0], 14),
  a("Dizziness", 2, 7, [70, 27, 3, 0], 5),
  a("Insomnia", 2, 3, [75, 23, 2, 0], 20),
  a("Edema limbs", 3, 5, [60, 35, 5, 0], 30),
  a("Palmar-plantar erythrodysesthesia syndrome", 3, 0, [45, 40, 15, 0], 30, "oral"),
  a("Dysgeusia", 3, 0.5, [75, 25, 0, 0], 40),
  a("Abdominal pain", 3, 2, [55, 35, 10, 0], 5),
  a("Epistaxis", 2, 1, [85, 15, 0, 0], 1),
  a("Upper respiratory infection", 2, 6, [50, 45, 5, 0], 7),
  a("Lung infection", 2, 2, [10, 50, 35, 5], 10),
  a("Hypotension", 0.5, 4, [50, 40, 10, 0], 3),
  a("Atrial fibrillation", 0.3, 2, [20, 40, 35, 5], 10),
  a("Infusion related reaction", 6, 0, [40, 50, 9, 1], 1, "iv"),
  a("Injection site reaction", 0, 10, [80, 19, 1, 0], 3, "sc"),
];

/** Terms recorded as the grade 5 event when a subject dies. */
export const FATAL_TERMS = {
  oncology: ["Sepsis", "Pneumonitis", "Lung infection"],
  general: ["Myocardial infarction", "Sudden death NOS"],
} as const;

export const CAUSALITY: readonly (readonly [string, number])[] = [
  ["Certain", 3],
  ["Probably/Likely", 18],
  ["Possible", 30],
  ["Unlikely", 32],
  ["Conditional/Classified", 4],
  ["Unassessable/Unclassifiable", 5],
];

/** Causality assessments that count as related to the investigational agent. */
export const RELATED = new Set(["Certain", "Probably/Likely", "Possible"]);

export function termsFor(oncology: boolean, form: DrugForm): readonly (readonly [AeTerm, number])[] {
  return AE_TERMS.filter((t) => !t.form || t.form === form)
    .map((t) => [t, oncology ? t.oncology : t.general] as const)
    .filter(([, w]) => w > 0);
}

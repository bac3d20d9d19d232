/** The demo data set: three RECIST 1.1 oncology studies and one study without tumour assessments. */
import type { StudyPlan } from "./generator-types";

type Design = Omit<StudyPlan, "subjects" | "visits"> & { share: number };

const DESIGNS: readonly Design[] = [
  {
    studyNumber: "ONC-101",
    sponsorStudyNumber: "SP-2023-0417",
    trialName: "ONC101",
    title:
      "A Phase 2, Open-Label, Multicenter Study of Zalvotinib in Adults with Previously Treated " +
      "Advanced Non-Small Cell Lung Cancer",
    criteria: "RECIST 1.1",
    agent: "Zalvotinib",
    share: 1,
  },
  {
    studyNumber: "ONC-102",
    sponsorStudyNumber: "SP-2023-0522",
    trialName: "Onc-102",
    title:
      "A Phase 2 Study of Tervimab in Patients with Metastatic Colorectal Cancer After Progression on Standard Therapy",
    criteria: "RECIST 1.1",
    agent: "Tervimab",
    share: 1,
  },
  {
    studyNumber: "CARD-201",
    sponsorStudyNumber: "SP-2022-1180",
    trialName: "CARD201",
    title: "A Phase 2, Open-Label Study of Cardelutide in Adults with Heart Failure with Preserved Ejection Fraction",
    criteria: "None",
    agent: "Cardelutide",
    share: 1,
  },
  {
    studyNumber: "ONC-103",
    sponsorStudyNumber: "SP-2024-0093",
    trialName: "ONC 103",
    title: "A Phase 1b Dose-Expansion Study of Oltrasertib in Patients with Advanced Solid Tumors",
    criteria: "RECIST 1.1",
    agent: "Oltrasertib",
    share: 0.25,
  },
];

/** The demo plan; `subjects` is the size of the main studies (ONC-103 gets a quarter, at least 4). */
export function demoStudies(size: { subjects?: number; visits?: number } = {}): StudyPlan[] {
  const subjects = size.subjects ?? 40;
  const visits = size.visits ?? 8;
  return DESIGNS.map(({ share, ...design }) => ({
    ...design,
    subjects: share === 1 ? subjects : Math.max(4, Math.round(subjects * share)),
    visits,
  }));
}

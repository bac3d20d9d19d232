/** The views `npm run bench:views` measures: every study section, its heaviest URL states, and a subject profile. */
export interface BenchView {
  name: string;
  path: string;
}

export const BENCH_VIEWS = (study: string, subject: string): BenchView[] => [
  { name: "Subjects", path: study },
  { name: "Subject profile", path: `${study}/subjects/${encodeURIComponent(subject)}` },
  { name: "Adverse events", path: `${study}/adverse-events` },
  { name: "Laboratory", path: `${study}/laboratory` },
  { name: "Liver safety (eDISH)", path: `${study}/laboratory/liver` },
  { name: "Vital signs", path: `${study}/vital-signs` },
  { name: "Medications", path: `${study}/medications` },
];

/** The views `npm run bench:views` measures: every study section, its heaviest URL states, and a subject profile. */
export interface BenchView {
  name: string;
  path: string;
}

export const BENCH_VIEWS = (study: string, subject: string): BenchView[] => [
  // The review overview: the user's progress over every reviewed record (a million laboratory results among them).
  { name: "Overview", path: study },
  { name: "Subjects", path: `${study}/subjects` },
  { name: "Subject profile", path: `${study}/subjects/${encodeURIComponent(subject)}` },
  // The grid at 24 visits a page (its largest pages) and the ALT trend on the ×ULN scale.
  {
    name: "Subject profile, 24 visits, ×ULN",
    path: `${study}/subjects/${encodeURIComponent(subject)}?grid_visits=24&trend=LB0214&scale=uln`,
  },
  { name: "Adverse events", path: `${study}/adverse-events` },
  // The choices that count from the first dose: treatment-emergent events grouped by system organ class.
  { name: "Adverse events: TEAE by SOC", path: `${study}/adverse-events?teae=1&layout=soc` },
  { name: "Laboratory", path: `${study}/laboratory` },
  // One test: baselines at the first dose, the on-treatment window, its shift tables and graded listing.
  { name: "Laboratory: ALT", path: `${study}/laboratory?test=code%3ALB0214` },
  { name: "Liver safety (eDISH)", path: `${study}/laboratory/liver` },
  { name: "Vital signs", path: `${study}/vital-signs` },
  { name: "Medications", path: `${study}/medications` },
  // The response summary (every subject's row), one subject's response page, the study's data checks.
  { name: "Tumour response: summary", path: `${study}/tumour-response` },
  {
    name: "Tumour response: summary, first dose, ITT",
    path: `${study}/tumour-response?day1=first-dose&population=itt`,
  },
  {
    name: "Tumour response: subject page",
    path: `${study}/tumour-response/subjects/${encodeURIComponent(subject)}`,
  },
  { name: "Data checks", path: `${study}/data-checks` },
  // The response plots: the waterfall's 1,000 bars, the spider plot's default 50 lines, the swimmer's first page.
  { name: "Tumour response: waterfall", path: `${study}/tumour-response/waterfall` },
  { name: "Tumour response: spider plot", path: `${study}/tumour-response/spider` },
  { name: "Tumour response: swimmer plot by BOR", path: `${study}/tumour-response/swimmer?sort=bor` },
];

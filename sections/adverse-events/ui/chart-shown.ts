/** "Showing N of M terms", and which: the most frequent, among those the table's minimum incidence keeps. */
export function chartShown(chart: { rows: readonly unknown[]; kept: number; of: number }, minPercent: number): string {
  const shown = `Showing ${chart.rows.length} of ${chart.of} terms`;
  if (minPercent <= 0) return `${shown}: the most frequent by subjects.`;
  const minimum = `an incidence of at least ${minPercent} % of N (the minimum above)`;
  if (chart.kept === 0) return `${shown}: no term has ${minimum}.`;
  if (chart.kept <= chart.rows.length) return `${shown}: every term with ${minimum}.`;
  return `${shown}: the most frequent by subjects of the ${chart.kept} terms with ${minimum}.`;
}

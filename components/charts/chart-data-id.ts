/**
 * The element of a chart's data table (ChartPanel), where a link to one of its records leads; a plain module, so
 * that server code may make such links too.
 */
export const chartDataId = (id: string) => `${id}-data`;

// The colours of a chart's series (a job's scenarios, a run's streams): the standard plan's six scenarios each get a
// colour of their own family (no two greens, no two oranges), and none is the burst limit's red or the baseline's
// grey, so a line is never mistaken for a limit.
export const SERIES_COLORS = ['#2b7bb9', '#e67e22', '#27ae60', '#8e44ad', '#d6336c', '#8d6e63', '#0f9b8e', '#9e9d24'];
export const BURST_COLOR = '#b91c1c';
export const BASELINE_COLOR = '#4b5563';

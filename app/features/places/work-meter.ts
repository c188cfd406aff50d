/**
 * Counts the steps one place look-up takes: qualifiers looked up, readings
 * put together, index keys visited, names checked. The gazetteer takes one
 * optionally so tests can hold any query to a fixed budget of work (issue 18:
 * a 100-character query once cost seconds and gigabytes).
 */
export interface WorkMeter {
  steps: number;
}

/** Adds `count` steps to a meter, if one is given. */
export function count(meter: WorkMeter | undefined, steps = 1): void {
  if (meter) meter.steps += steps;
}

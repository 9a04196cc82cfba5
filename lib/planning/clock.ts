/**
 * The planning clock: holds expire against it. Tests move it instead of sleeping; in the
 * server it is the wall clock. Queries compare against the value it returns (never SQL
 * `now()`), so one request sees one instant throughout.
 */
let override: (() => Date) | null = null;

export const planningNow = (): Date => override?.() ?? new Date();

/** Tests only: fix the clock (`null` restores the wall clock). */
export const setPlanningClock = (clock: (() => Date) | null) => {
  override = clock;
};

// Which way power flows on each edge of the diagram, from the signed shadow values. Signs follow the
// device: grid import > 0, battery discharge > 0. An edge is drawn from its source
// handle to its target handle; `reversed` says the power flows the other way along it.
import type { MetricKey } from '@helio/shared-utils';

/** Below this magnitude an edge counts as idle: meter noise, not a flow worth animating. */
export const ACTIVE_THRESHOLD_W = 10;

export type FlowEdgeKey = 'pv' | 'grid' | 'battery' | 'charger';

/** What the flow means, for the label: production, import/export, charge/discharge, charging the car. */
export type FlowMeaning = 'production' | 'import' | 'export' | 'charge' | 'discharge' | 'evCharging' | 'idle';

export interface EdgeFlow {
  /** magnitude in W; null until the metric is reported */
  watts: number | null;
  /** |P| above ACTIVE_THRESHOLD_W */
  active: boolean;
  /** power runs from the edge's target to its source */
  reversed: boolean;
  meaning: FlowMeaning;
}

/** The metric behind each live edge. */
export const EDGE_METRIC: Record<FlowEdgeKey, MetricKey> = {
  pv: 'ActPwrPve',
  grid: 'ActPwrGrid',
  battery: 'ActPwrBat',
  charger: 'ActPwrEv',
};

interface Orientation {
  /** the meaning of a positive value */
  positive: FlowMeaning;
  /** the meaning of a negative value (null: the metric is never negative) */
  negative: FlowMeaning | null;
  /** a positive value flows from the edge's target to its source */
  positiveIsReversed: boolean;
}

// The edges are drawn PV → core, core → grid, core → battery, core → charger (the handles).
const ORIENTATION: Record<FlowEdgeKey, Orientation> = {
  pv: { positive: 'production', negative: null, positiveIsReversed: false },
  grid: { positive: 'import', negative: 'export', positiveIsReversed: true },
  battery: { positive: 'discharge', negative: 'charge', positiveIsReversed: true },
  charger: { positive: 'evCharging', negative: null, positiveIsReversed: false },
};

export function isActivePower(watts: number | null): boolean {
  return watts !== null && Math.abs(watts) > ACTIVE_THRESHOLD_W;
}

/** The flow on one edge for a signed power reading (null: not reported). */
export function edgeFlow(edge: FlowEdgeKey, signedWatts: number | null): EdgeFlow {
  const orientation = ORIENTATION[edge];
  if (signedWatts === null || !Number.isFinite(signedWatts)) {
    return { watts: null, active: false, reversed: false, meaning: 'idle' };
  }
  const watts = Math.abs(signedWatts);
  if (!isActivePower(signedWatts)) return { watts, active: false, reversed: false, meaning: 'idle' };
  const positive = signedWatts > 0;
  // A metric that should never go negative (PV, charger) still draws its magnitude the usual way.
  const meaning = positive ? orientation.positive : (orientation.negative ?? orientation.positive);
  const reversed = orientation.negative === null ? false : positive === orientation.positiveIsReversed;
  return { watts, active: true, reversed, meaning };
}

export type BatteryState = 'charging' | 'discharging' | 'idle';

/** The battery's state for its power (discharge > 0). */
export function batteryState(signedWatts: number | null): BatteryState | null {
  if (signedWatts === null || !Number.isFinite(signedWatts)) return null;
  if (!isActivePower(signedWatts)) return 'idle';
  return signedWatts > 0 ? 'discharging' : 'charging';
}

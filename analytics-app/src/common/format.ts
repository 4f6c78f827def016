// How the analytics pages write their figures, in the interface's locale. Energy follows the
// statistics page's rule (whole kWh from 100 up, else two decimals), so the two pages read alike.
import type { BenchmarkMetric } from '@helio/contracts/limits';
import { formatMoney as moneyText, formatNumber } from '@helio/shared-utils';

const NBSP = '\u00a0';
const DASH = '–';

export const formatKwh = (value: number) => `${formatNumber(value, { maximumFractionDigits: value >= 100 ? 0 : 2 })}${NBSP}kWh`;

/** Large energies read better in MWh. */
export const formatEnergy = (value: number) =>
  value >= 100_000 ? `${formatNumber(value / 1000, { maximumFractionDigits: 1 })}${NBSP}MWh` : formatKwh(value);

export const formatPct = (value: number | null) => (value === null ? DASH : `${formatNumber(value, { maximumFractionDigits: 1 })}${NBSP}%`);

export const formatSpecificYield = (value: number | null) =>
  value === null ? DASH : `${formatNumber(value, { maximumFractionDigits: 2 })}${NBSP}kWh/kWp`;

export const formatKg = (value: number) =>
  value >= 10_000
    ? `${formatNumber(value / 1000, { maximumFractionDigits: 1 })}${NBSP}t`
    : `${formatNumber(value, { maximumFractionDigits: 0 })}${NBSP}kg`;

/** Whole units of money: the overview's sums are large. */
export const formatMoney = (amount: number, currency: string) => moneyText(amount, currency, { maximumFractionDigits: 0 });

export const formatHours = (value: number) => formatNumber(value, { maximumFractionDigits: 1 });

export const formatKwp = (value: number) => formatNumber(value, { maximumFractionDigits: 1 });

/** A benchmark figure: kWh/kWp for the specific yield, else a percentage. */
export const formatMetric = (metric: BenchmarkMetric, value: number | null) =>
  metric === 'specificYield' ? formatSpecificYield(value) : formatPct(value);

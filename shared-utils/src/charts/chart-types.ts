// The chart's props, apart from both the lazy wrapper and the canvas it loads, so neither imports the other.
import type uPlot from 'uplot';

export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

export interface UplotChartProps {
  /** Keep it stable (useMemo): a new object makes the chart anew. */
  options: ChartOptions;
  /** New data is drawn into the same chart. */
  data: uPlot.AlignedData;
  height: number;
  className?: string;
  ariaLabel: string;
  testId?: string;
}

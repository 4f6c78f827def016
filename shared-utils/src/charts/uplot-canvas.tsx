// Draws a uPlot chart into a host element and keeps it as wide as the host. uPlot paints a canvas,
// so the chart is made once per options and height, then only resized; new data (a refetch of the
// same series answering a moment later) is drawn into the same chart with setData: making it again
// would lay out and draw the whole page a second time (a year at 1 hour twice over).
// Loaded lazily (uplot-chart.tsx): only pages that chart pay for uPlot.
import React, { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { UplotChartProps } from './chart-types';

const MIN_WIDTH = 200;

export default function UplotCanvas({ options, data, height, className, ariaLabel, testId }: UplotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  // The data of this render: a chart made anew (new options) starts from it, not from a stale copy.
  const latest = useRef(data);
  latest.current = data;
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const width = () => Math.max(element.clientWidth, MIN_WIDTH);
    const made = new uPlot({ ...options, width: width(), height }, latest.current, element);
    chart.current = made;
    // The observer also answers once at the start: a same-size setSize would lay out and draw it all again.
    const resize = new ResizeObserver(() => {
      if (width() !== made.width) made.setSize({ width: width(), height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.current = null;
      made.destroy();
    };
  }, [options, height]);
  useEffect(() => {
    if (chart.current && chart.current.data !== data) chart.current.setData(data);
  }, [data]);
  return <div ref={host} className={className} role="img" aria-label={ariaLabel} data-testid={testId} />;
}

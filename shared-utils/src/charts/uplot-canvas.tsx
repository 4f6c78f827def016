// Draws a uPlot chart into a host element and keeps it as wide as the host. uPlot paints a canvas,
// so the chart is made once per options and data, then only resized; it is destroyed on change.
// Loaded lazily (uplot-chart.tsx): only pages that chart pay for uPlot.
import React, { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { UplotChartProps } from './uplot-chart';

const MIN_WIDTH = 200;

export default function UplotCanvas({ options, data, height, className, ariaLabel, testId }: UplotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const width = () => Math.max(element.clientWidth, MIN_WIDTH);
    const chart = new uPlot({ ...options, width: width(), height }, data, element);
    // The observer also answers once at the start: a same-size setSize would lay out and draw it all again.
    const resize = new ResizeObserver(() => {
      if (width() !== chart.width) chart.setSize({ width: width(), height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [options, data, height]);
  return <div ref={host} className={className} role="img" aria-label={ariaLabel} data-testid={testId} />;
}

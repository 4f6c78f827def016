import React from 'react';
import { render } from '@testing-library/react';
import type uPlot from 'uplot';
import UplotCanvas from './uplot-canvas';
import type { ChartOptions } from './uplot-chart';

// uPlot needs a canvas and matchMedia, which jsdom lacks: a stand-in records what the wrapper asks of it.
interface FakeChart {
  data: uPlot.AlignedData;
  width: number;
  setData: jest.Mock;
  destroy: jest.Mock;
}
const made: FakeChart[] = [];
jest.mock('uplot', () =>
  jest.fn().mockImplementation((options: { width: number }, data: uPlot.AlignedData) => {
    const chart: FakeChart = {
      data,
      width: options.width,
      setData: jest.fn((next: uPlot.AlignedData) => (chart.data = next)),
      destroy: jest.fn(),
    };
    made.push(chart);
    return chart;
  }),
);

beforeAll(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    disconnect() {}
    unobserve() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => (made.length = 0));

const options: ChartOptions = { series: [{}, { label: 'avg' }] };
const chart = (props: { options?: ChartOptions; data: uPlot.AlignedData }) => (
  <UplotCanvas options={props.options ?? options} data={props.data} height={100} ariaLabel="chart" />
);

describe('the uPlot canvas', () => {
  it('draws new data of the same chart into the chart it made instead of making it again', () => {
    const first: uPlot.AlignedData = [
      [1, 2],
      [10, 20],
    ];
    const fresh: uPlot.AlignedData = [
      [1, 2, 3],
      [10, 20, 30],
    ];
    const view = render(chart({ data: first }));
    view.rerender(chart({ data: fresh }));
    expect(made).toHaveLength(1);
    expect(made[0].setData).toHaveBeenCalledWith(fresh);
    expect(made[0].destroy).not.toHaveBeenCalled();
  });

  it('makes the chart anew from the current data when its options change, and draws it once', () => {
    const first: uPlot.AlignedData = [[1], [10]];
    const fresh: uPlot.AlignedData = [
      [1, 2],
      [10, 20],
    ];
    const view = render(chart({ data: first }));
    view.rerender(chart({ options: { ...options }, data: fresh }));
    expect(made).toHaveLength(2);
    expect(made[0].destroy).toHaveBeenCalled();
    expect(made[1].data).toBe(fresh);
    expect(made[1].setData).not.toHaveBeenCalled();
  });

  it('lets the chart go when the page leaves', () => {
    const view = render(chart({ data: [[1], [10]] }));
    view.unmount();
    expect(made[0].destroy).toHaveBeenCalled();
  });
});

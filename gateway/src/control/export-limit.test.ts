import { ExportLimitLoop, type ExportLoopDecision } from './export-limit';

/** A plant that obeys the cap at once: one 10 kW inverter, the sun, the house, a meter that may fail. */
function fakePlant(sunW: number, loadW: number) {
  const plant = { sunW, loadW, capW: null as number | null, meterAnswers: true };
  const outputW = () => Math.min(plant.sunW, plant.capW ?? Infinity, 10_000);
  return {
    plant,
    outputW,
    exportW: () => Math.max(0, outputW() - plant.loadW),
    input: (limitW: number | undefined, hasMeter = true) => ({
      limitW,
      hasMeter,
      gridW: plant.meterAnswers ? plant.loadW - outputW() : undefined,
      inverters: [{ wMaxW: 10_000, acW: outputW() }],
    }),
    apply(decision: ExportLoopDecision) {
      plant.capW = decision.capW;
      return decision;
    },
  };
}

describe('the closed-loop export limit', () => {
  it('brings export under the limit in one cycle and keeps it there while the sun and the house change', () => {
    const loop = new ExportLimitLoop();
    const p = fakePlant(8000, 1000);
    expect(p.exportW()).toBe(7000);
    expect(p.apply(loop.step(p.input(3000)))).toEqual({ capW: 3950, mode: 'closed' });
    expect(p.exportW()).toBe(2950);
    for (const [sunW, loadW] of [
      [9000, 1000],
      [9000, 400],
      [5000, 2500],
      [9500, 3000],
      [9500, 200],
    ]) {
      p.plant.sunW = sunW!;
      p.plant.loadW = loadW!;
      // the first cycle after a change may still see the old cap; by the second export is at or under the limit
      p.apply(loop.step(p.input(3000)));
      p.apply(loop.step(p.input(3000)));
      expect(p.exportW()).toBeLessThanOrEqual(3000);
    }
  });

  it('holds the cap while export sits within the hysteresis band, so nothing is rewritten for a flicker', () => {
    const loop = new ExportLimitLoop({ hysteresisW: 200 });
    const p = fakePlant(8000, 1000);
    const first = p.apply(loop.step(p.input(3000)));
    const caps = [first.capW];
    for (const loadW of [1050, 980, 1090, 920]) {
      p.plant.loadW = loadW;
      caps.push(p.apply(loop.step(p.input(3000))).capW);
    }
    expect(new Set(caps)).toEqual(new Set([first.capW]));
  });

  it('raises the cap a step a cycle when the house takes more, until the sun rather than the cap limits the inverter', () => {
    const loop = new ExportLimitLoop({ rampUpShare: 0.1 });
    const p = fakePlant(8000, 1000);
    p.apply(loop.step(p.input(3000)));
    p.plant.loadW = 6000;
    const caps: Array<number | null> = [];
    for (let i = 0; i < 8; i++) caps.push(p.apply(loop.step(p.input(3000))).capW);
    // 1 kW a cycle, then held just above what the sun gives: a sudden drop of load overshoots by at most that
    expect(caps).toEqual([4950, 5950, 6950, 7950, 8950, 8950, 8950, 8950]);
    expect(p.outputW()).toBe(8000);
    expect(p.exportW()).toBe(2000);
  });

  it('falls back to the limit itself once the meter has missed three cycles, and closes the loop again when it answers', () => {
    const loop = new ExportLimitLoop();
    const p = fakePlant(8000, 6500);
    expect(p.apply(loop.step(p.input(2000))).capW).toBeNull();
    p.plant.meterAnswers = false;
    expect(p.apply(loop.step(p.input(2000))).mode).toBe('closed');
    expect(p.apply(loop.step(p.input(2000))).mode).toBe('closed');
    expect(p.apply(loop.step(p.input(2000)))).toEqual({ capW: 2000, mode: 'failSafe' });
    // whatever the house does now, export stays under the limit
    p.plant.loadW = 0;
    expect(p.exportW()).toBe(2000);
    p.plant.meterAnswers = true;
    expect(p.apply(loop.step(p.input(2000))).mode).toBe('closed');
  });

  it('without a meter caps the inverters at the limit, and with no limit or one above their power caps nothing', () => {
    const loop = new ExportLimitLoop();
    const p = fakePlant(8000, 1000);
    expect(loop.step(p.input(2500, false))).toEqual({ capW: 2500, mode: 'open' });
    expect(loop.step(p.input(undefined))).toEqual({ capW: null, mode: 'off' });
    expect(loop.step(p.input(12_000))).toEqual({ capW: null, mode: 'off' });
  });

  it('caps at zero for a zero-export limit', () => {
    const loop = new ExportLimitLoop();
    const p = fakePlant(8000, 1000);
    p.apply(loop.step(p.input(0)));
    p.apply(loop.step(p.input(0)));
    expect(p.exportW()).toBe(0);
  });
});

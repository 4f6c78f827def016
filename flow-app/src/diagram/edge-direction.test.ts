import { ACTIVE_THRESHOLD_W, batteryState, edgeFlow } from './edge-direction';

describe('edge directions', () => {
  it('draws PV production from PV to the core', () => {
    expect(edgeFlow('pv', 3200)).toEqual({ watts: 3200, active: true, reversed: false, meaning: 'production' });
  });

  it('runs grid import (> 0) from the grid to the core, against the core → grid edge', () => {
    expect(edgeFlow('grid', 800)).toEqual({ watts: 800, active: true, reversed: true, meaning: 'import' });
  });

  it('runs grid export (< 0) along the core → grid edge', () => {
    expect(edgeFlow('grid', -450)).toEqual({ watts: 450, active: true, reversed: false, meaning: 'export' });
  });

  it('runs battery discharge (> 0) towards the core and charge (< 0) towards the battery', () => {
    expect(edgeFlow('battery', 1500)).toMatchObject({ reversed: true, meaning: 'discharge', active: true });
    expect(edgeFlow('battery', -1200)).toMatchObject({ reversed: false, meaning: 'charge', watts: 1200 });
  });

  it('draws the charger from the core to the car', () => {
    expect(edgeFlow('charger', 7400)).toMatchObject({ reversed: false, meaning: 'evCharging', active: true });
  });

  it('is idle at and below the threshold, active just above it', () => {
    expect(edgeFlow('grid', ACTIVE_THRESHOLD_W)).toEqual({ watts: ACTIVE_THRESHOLD_W, active: false, reversed: false, meaning: 'idle' });
    expect(edgeFlow('grid', -ACTIVE_THRESHOLD_W)).toMatchObject({ active: false, meaning: 'idle' });
    expect(edgeFlow('grid', -(ACTIVE_THRESHOLD_W + 1))).toMatchObject({ active: true, meaning: 'export' });
    expect(edgeFlow('pv', 0)).toMatchObject({ active: false, watts: 0 });
  });

  it('has no value and no flow before the metric is reported', () => {
    expect(edgeFlow('pv', null)).toEqual({ watts: null, active: false, reversed: false, meaning: 'idle' });
    expect(edgeFlow('battery', Number.NaN)).toMatchObject({ watts: null, active: false });
  });

  it('names the battery state', () => {
    expect(batteryState(2000)).toBe('discharging');
    expect(batteryState(-2000)).toBe('charging');
    expect(batteryState(3)).toBe('idle');
    expect(batteryState(null)).toBeNull();
  });
});

import React from 'react';
import { render, screen } from '@testing-library/react';
import { HelioProviders } from '@helio/shared-utils';
import { apiPost } from '@helio/shared-utils/mock';
import type { RcSchedule, RcState } from '@helio/contracts';
import { SchedulesPanel } from './schedules.component';

const state: RcState = {
  plant: { id: 'plant-1', name: 'Brno', thingName: 'gw-1', timezone: 'Europe/Prague', hasBattery: true, gridExportLimitKw: null },
  keys: [{ key: 'ExportLimit', rule: { kind: 'integer', unit: 'W', min: 0, max: 1_000_000, battery: false } }],
  gateway: { connected: true, since: 0, status: 'online' },
  control: { allowed: false, reason: 'permission' },
};
const schedule = (suspended: boolean): RcSchedule => ({
  ...{ id: suspended ? 's1' : 's2', plantId: 'plant-1', key: 'ExportLimit', value: 3000, kind: 'daily', date: null },
  ...{ start: '01:00', end: '05:00', active: false, restoreValue: null, createdBy: 'a@b', createdAt: '2026-01-01T00:00:00Z', suspended },
});

describe('the schedules of a plant', () => {
  it('marks a schedule whose maker may no longer control the plant as suspended, and says why', async () => {
    apiPost.mockImplementation(async () => ({ schedules: [schedule(true), schedule(false)] }));
    render(
      <HelioProviders>
        <SchedulesPanel state={state} />
      </HelioProviders>,
    );
    const tags = await screen.findAllByTestId('rc-schedule-suspended');
    expect(tags).toHaveLength(1);
    expect(tags[0]?.textContent).toBe('Pozastaven');
    expect(tags[0]?.getAttribute('title')).toContain('už tuto elektrárnu nesmí řídit');
  });
});

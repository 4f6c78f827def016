import { plantSeriesParams } from './plant-series';

describe('a plant’s time-series request', () => {
  it('names the tenant, the plant’s gateway and id, the keys, the range as ISO times and the granularity', () => {
    expect(
      plantSeriesParams('tenant-1', {
        plant: { id: 'plant-1', thingName: 'gw-brno-01' },
        metricKeys: ['ActPwrPve'],
        start: Date.parse('2026-06-15T00:00:00Z'),
        end: new Date('2026-06-16T00:00:00Z'),
        granularity: '1h',
      }),
    ).toEqual({
      tenantId: 'tenant-1',
      gatewayId: 'gw-brno-01',
      plantId: 'plant-1',
      metricKeys: ['ActPwrPve'],
      startTime: '2026-06-15T00:00:00.000Z',
      endTime: '2026-06-16T00:00:00.000Z',
      granularity: '1h',
    });
  });
});

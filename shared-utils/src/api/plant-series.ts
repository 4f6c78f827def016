// metric/time-series' pgParams for one plant: every page that charts a plant asks the same way, with
// the plant's own ids and the caller's tenant, never a default id or date range.
import type { Granularity, Plant, TimeSeriesParams } from './endpoints';

export interface PlantSeriesRequest {
  plant: Pick<Plant, 'id' | 'thingName'>;
  metricKeys: readonly string[];
  /** epoch ms or a Date */
  start: number | Date;
  end: number | Date;
  granularity: Granularity;
}

export function plantSeriesParams(tenantId: string, request: PlantSeriesRequest): TimeSeriesParams {
  const { plant, metricKeys, start, end, granularity } = request;
  return {
    tenantId,
    gatewayId: plant.thingName,
    plantId: plant.id,
    metricKeys: [...metricKeys],
    startTime: new Date(start).toISOString(),
    endTime: new Date(end).toISOString(),
    granularity,
  };
}

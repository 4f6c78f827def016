// The active plant's live readings: its shadow (fetched, polled, pushed) turned into Readings.
import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useShadow, type ApiError, type Plant, type Shadow } from '@helio/shared-utils';
import { readingsOf, type Readings } from './readings';

export function useLiveReadings(plant: Plant): { shadow: UseQueryResult<Shadow, ApiError>; readings: Readings } {
  const shadow = useShadow(plant.thingName);
  const readings = useMemo(() => readingsOf(shadow.data), [shadow.data]);
  return { shadow, readings };
}

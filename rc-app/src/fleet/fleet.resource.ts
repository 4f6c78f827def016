// The tags to pick from, the plants a tag covers (and whether the user may control each), and the
// command itself, sent chunk by chunk with its progress.
import { useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost, type ApiError, type PlantTag } from '@helio/shared-utils';
import type { RcEndpoints, RcFleetResult } from '@helio/contracts';
import { chunks } from './fleet-chunks';

export type FleetPlant = RcEndpoints['rc/fleet/plants']['response']['plants'][number];
export type FleetKey = RcEndpoints['rc/fleet/apply']['request']['key'];

export function useTags(): UseQueryResult<PlantTag[], ApiError> {
  return useQuery<PlantTag[], ApiError>({
    queryKey: ['tag/list'],
    queryFn: async ({ signal }) => (await apiPost('tag/list', {}, { signal })).tags,
  });
}

export function useFleetPlants(tagId: string): UseQueryResult<FleetPlant[], ApiError> {
  return useQuery<FleetPlant[], ApiError>({
    queryKey: ['rc/fleet/plants', tagId],
    queryFn: async ({ signal }) => (await apiPost('rc/fleet/plants', { tagId }, { signal })).plants,
    enabled: tagId !== '',
  });
}

export interface FleetRun {
  total: number;
  results: RcFleetResult[];
  running: boolean;
  error: ApiError | null;
}

export function useFleetCommand() {
  const [run, setRun] = useState<FleetRun | null>(null);
  const start = async (tagId: string, plants: readonly FleetPlant[], key: FleetKey, value: unknown) => {
    let results: RcFleetResult[] = [];
    setRun({ total: plants.length, results, running: true, error: null });
    try {
      for (const chunk of chunks(plants.map((p) => p.id))) {
        const answer = await apiPost('rc/fleet/apply', { tagId, plantIds: chunk, key, value });
        results = [...results, ...answer.results];
        setRun({ total: plants.length, results, running: true, error: null });
      }
      setRun({ total: plants.length, results, running: false, error: null });
    } catch (error) {
      setRun({ total: plants.length, results, running: false, error: error as ApiError });
    }
  };
  return { run, start };
}

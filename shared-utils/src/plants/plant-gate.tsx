// The one gate of every page that needs the active plant (see plant-gate-view): the user's plants,
// the active one, and a retry that refetches the shared plant list.
import { queryClient } from '../query/query-client';
import { PlantGateView, type PlantGateProps } from './plant-gate-view';
import { PLANT_LIST_KEY } from './plant-list-key';
import { useActivePlant } from './use-plants';

export function PlantGate(props: PlantGateProps) {
  const retry = () => void queryClient.refetchQueries({ queryKey: PLANT_LIST_KEY });
  return <PlantGateView state={useActivePlant()} onRetry={retry} {...props} />;
}

// Asks the plant's gateway for another operating mode through the shadow's desired state. The
// device applies it and reports it back; until then the shadow has a delta (shown as pending).
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { apiPost, type ApiError, type Plant, type Shadow } from '@helio/shared-utils';
import type { OperMode } from '@helio/contracts/device';

export function useSetOperatingMode(plant: Plant, onStored: () => void): UseMutationResult<Shadow, ApiError, OperMode> {
  return useMutation<Shadow, ApiError, OperMode>({
    mutationFn: (mode) => apiPost('iot/thing/shadow/desired', { thingName: plant.thingName, desiredKey: 'OperMode', desiredState: mode }),
    // the live push brings the delta too; refetching makes the pending state show at once
    onSuccess: onStored,
  });
}

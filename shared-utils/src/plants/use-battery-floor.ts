// The battery's floor of a plant, live from its shadow, as every page shows it (battery-floor.ts).
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/i18n';
import { useShadow } from '../shadow/use-shadow';
import { batteryFloorOf, batteryFloorText, type BatteryFloor } from './battery-floor';

export function usePlantBatteryFloor(thingName: string | undefined): { floor: BatteryFloor; text: string } {
  const { t } = useTranslation('common');
  const shadow = useShadow(thingName);
  const floor = batteryFloorOf(shadow.data);
  return { floor, text: batteryFloorText(t, floor, (n) => formatNumber(n)) };
}

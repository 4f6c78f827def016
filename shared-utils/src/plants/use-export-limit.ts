// The export limit of a plant, live from its shadow, as every page shows it (export-limit.ts).
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/i18n';
import { useShadow } from '../shadow/use-shadow';
import { exportLimitOf, exportLimitText, type ExportLimit } from './export-limit';

export function usePlantExportLimit(thingName: string | undefined, plantSettingKw: number | null): { limit: ExportLimit; text: string } {
  const { t } = useTranslation('common');
  const shadow = useShadow(thingName);
  const limit = exportLimitOf(shadow.data, plantSettingKw);
  return { limit, text: exportLimitText(t, limit, (n) => formatNumber(n)) };
}

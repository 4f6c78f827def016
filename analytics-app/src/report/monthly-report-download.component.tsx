// "Report (PDF)" on /analytics: the monthly plant report of a chosen past month, for one plant, or for
// the plants of the tag filter (every plant the user may see without one), as the mail brings it.
// The figures are the server's, the same as this page's for that month (reports/monthly).
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Classes, HTMLSelect, Label } from '@blueprintjs/core';
import { apiDownload, localeOf, showToast, usePlants } from '@helio/shared-utils';
import { monthLabel, pastMonths } from './report-months';

export function MonthlyReportDownload({ tagId }: { tagId: string | null }) {
  const { t, i18n } = useTranslation('analytics-app');
  const months = pastMonths(new Date());
  const [month, setMonth] = useState(months[0] as string);
  const [plantId, setPlantId] = useState('');
  const [busy, setBusy] = useState(false);
  const plants = usePlants();
  const locale = localeOf(i18n.language);

  const download = async () => {
    setBusy(true);
    try {
      const scope = plantId ? { plantId } : tagId ? { tagId } : {};
      await apiDownload('reports/monthly', { month, ...scope }, `helio-report-${month}.pdf`);
    } catch {
      showToast({ intent: 'danger', icon: 'error', message: t('report.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="helio-analytics__report" data-testid="monthly-report">
      <Label className={`${Classes.INLINE} helio-analytics__filter`}>
        {t('report.month')}
        <HTMLSelect value={month} onChange={(e) => setMonth(e.target.value)} data-testid="report-month">
          {months.map((m) => (
            <option key={m} value={m}>
              {monthLabel(m, locale)}
            </option>
          ))}
        </HTMLSelect>
      </Label>
      <Label className={`${Classes.INLINE} helio-analytics__filter`}>
        {t('report.plant')}
        <HTMLSelect value={plantId} onChange={(e) => setPlantId(e.target.value)} data-testid="report-plant">
          <option value="">{tagId ? t('report.tagPlants') : t('report.allPlants')}</option>
          {(plants.data ?? []).map((plant) => (
            <option key={plant.id} value={plant.id}>
              {plant.name}
            </option>
          ))}
        </HTMLSelect>
      </Label>
      <Button icon="document" loading={busy} onClick={() => void download()} data-testid="report-download">
        {t('report.download')}
      </Button>
    </div>
  );
}

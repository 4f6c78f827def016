// The active plant's charging sessions: a range and filters, the month totals chart, the table
// (start, end, energy, solar share, cost, average price) and CSV export.
import React, { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, FormGroup, H4, HTMLSelect, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  csvFileName,
  downloadCsv,
  ErrorPanel,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPricePerKwh,
  UplotChart,
  type ChartOptions,
  type Plant,
} from '@helio/shared-utils';
import { filterSessions, monthChartRanges, monthColumns, sessionsCsv } from './ev-data';
import { useSessions } from './ev.resource';

const RANGES = { month: 31, quarter: 92, year: 366 } as const;
type Range = keyof typeof RANGES;

/** Whole minutes, so the query key stays the same between renders. */
const rangeOf = (range: Range) => {
  const to = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
  return { from: new Date(to - RANGES[range] * 86_400_000).toISOString(), to: new Date(to).toISOString() };
};

export function SessionsCard({ plant }: { plant: Plant }) {
  const { t } = useTranslation('ev-app');
  const [range, setRange] = useState<Range>('month');
  const [minSolarPct, setMinSolarPct] = useState(0);
  const [finishedOnly, setFinishedOnly] = useState(false);
  const { from, to } = useMemo(() => rangeOf(range), [range]);
  const sessions = useSessions(plant.id, from, to);
  const shown = useMemo(
    () => filterSessions(sessions.data?.sessions ?? [], { minSolarPct, finishedOnly }),
    [sessions.data, minSolarPct, finishedOnly],
  );
  const months = useMemo(() => sessions.data?.months ?? [], [sessions.data]);
  const options = useMemo<ChartOptions>(
    () => ({
      // Padded: one month is a point mid-axis, not a dot on the edge (monthChartRanges).
      scales: {
        x: { time: false, range: () => monthChartRanges(months.length, 0).x },
        y: { range: () => monthChartRanges(months.length, Math.max(0, ...months.map((m) => m.energyKwh))).y },
      },
      series: [
        { label: t('sessions.month'), value: (_u, v) => (v === null ? '–' : (months[v]?.month ?? '')) },
        { label: t('sessions.energy'), stroke: '#2d72d2', width: 2, points: { show: true, size: 8 } },
        { label: t('sessions.solar'), stroke: '#238551', width: 2, points: { show: true, size: 8 } },
      ],
      axes: [
        { splits: () => months.map((_m, i) => i), values: (_u, splits) => splits.map((i) => months[i]?.month ?? '') },
        { size: 60, label: 'kWh' },
      ],
    }),
    [t, months],
  );
  const time = (iso: string | null) =>
    iso === null
      ? t('sessions.running')
      : formatDateTime(Date.parse(iso), { dateStyle: 'short', timeStyle: 'short', timeZone: plant.timezone });
  const n = (v: number | null, digits = 2) => (v === null ? '–' : formatNumber(v, { maximumFractionDigits: digits }));

  let body: React.ReactNode;
  if (sessions.isError && !sessions.data)
    body = <ErrorPanel title={t('states.sessionsError')} description={t('states.errorDescription')} onRetry={() => sessions.refetch()} />;
  else if (!sessions.data) body = <Spinner size={30} aria-label={t('states.loading')} />;
  else if (shown.length === 0)
    body = <NonIdealState icon="flash" title={t('sessions.emptyTitle')} description={t('sessions.emptyDescription')} />;
  else
    body = (
      <HTMLTable compact striped className="helio-ev__table" data-testid="sessions-table">
        <thead>
          <tr>
            <th>{t('sessions.start')}</th>
            <th>{t('sessions.end')}</th>
            <th>{t('sessions.energyKwh')}</th>
            <th>{t('sessions.solarShare')}</th>
            <th>{t('sessions.cost')}</th>
            <th>{t('sessions.avgPrice')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((s) => (
            <tr key={s.start} data-testid="session-row">
              <td>{time(s.start)}</td>
              <td>{time(s.end)}</td>
              <td data-testid="session-energy">{n(s.energyKwh)}</td>
              <td data-testid="session-solar">{n(s.solarSharePct, 0)}&nbsp;%</td>
              <td>
                {s.costCzk === null
                  ? '–'
                  : `${formatMoney(s.costCzk, 'CZK')}${s.priceSource ? ` (${t(`sessions.source.${s.priceSource}`)})` : ''}`}
              </td>
              <td>{s.avgPriceCzkKwh === null ? '–' : formatPricePerKwh(s.avgPriceCzkKwh, 'CZK', { maximumFractionDigits: 3 })}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  return (
    <Card className="helio-ev__section" data-testid="sessions">
      <div className="helio-ev__heading">
        <H4>{t('sessions.title')}</H4>
        <Button
          icon="download"
          text={t('exportCsv')}
          disabled={shown.length === 0}
          onClick={() =>
            downloadCsv(
              csvFileName(`ev-sessions-${plant.thingName}`, Date.parse(from), Date.parse(to), plant.timezone),
              sessionsCsv(shown, plant.timezone),
            )
          }
          data-testid="sessions-export"
        />
      </div>
      <div className="helio-ev__filters">
        <FormGroup label={t('sessions.range')} labelFor="ev-range" inline>
          <HTMLSelect
            id="ev-range"
            value={range}
            onChange={(e) => setRange(e.currentTarget.value as Range)}
            options={(Object.keys(RANGES) as Range[]).map((r) => ({ value: r, label: t(`sessions.ranges.${r}`) }))}
          />
        </FormGroup>
        <FormGroup label={t('sessions.minSolar')} labelFor="ev-min-solar" inline>
          <HTMLSelect
            id="ev-min-solar"
            value={String(minSolarPct)}
            onChange={(e) => setMinSolarPct(Number(e.currentTarget.value))}
            options={[0, 50, 80].map((p) => ({ value: String(p), label: `${p} %` }))}
          />
        </FormGroup>
        <Checkbox label={t('sessions.finishedOnly')} checked={finishedOnly} onChange={(e) => setFinishedOnly(e.currentTarget.checked)} />
      </div>
      {months.length > 0 && (
        <>
          <UplotChart
            options={options}
            data={monthColumns(months)}
            height={200}
            className="helio-ev__chart"
            ariaLabel={t('sessions.monthsAria')}
            testId="months-chart"
          />
          <p className="helio-ev__note" data-testid="month-totals">
            {months
              .map((m) =>
                t('sessions.monthTotal', {
                  month: m.month,
                  energy: n(m.energyKwh),
                  solar: n(m.solarKwh),
                  cost: formatMoney(m.costCzk, 'CZK'),
                }),
              )
              .join(' · ')}
          </p>
        </>
      )}
      {body}
    </Card>
  );
}

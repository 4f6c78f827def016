// The command history of the plant: who, when, key, from → to, state and the time from sent to
// confirmed; filters by key and state, and the rows shown as CSV.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, HTMLSelect, HTMLTable, NonIdealState, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { downloadCsv, formatDateTime, formatNumber } from '@helio/shared-utils';
import { RC_COMMAND_STATES } from '@helio/contracts/limits';
import type { RcCommand, RcState } from '@helio/contracts';
import { formatValue } from '../controls/value-format';
import { historyCsv, historyFileName } from './history-csv';
import { useCommands, type HistoryFilter } from './history.resource';

const STATE_INTENT: Record<RcCommand['state'], Intent> = {
  sent: 'warning',
  confirmed: 'success',
  superseded: 'none',
  expired: 'danger',
  cancelled: 'none',
};

export function HistoryPanel({ state }: { state: RcState }) {
  const { t } = useTranslation('rc-app');
  const [filter, setFilter] = useState<HistoryFilter>({ key: '', state: '' });
  const commands = useCommands(state.plant.id, filter);
  const ruleOf = (key: string) => state.keys.find((k) => k.key === key)?.rule;
  const value = (key: string, v: unknown) => {
    const rule = ruleOf(key);
    return rule ? formatValue(t, rule, v) : JSON.stringify(v);
  };
  const who = (c: RcCommand) => (c.source === 'user' ? (c.userEmail ?? '') : t(`history.source.${c.source}`, { user: c.userEmail ?? '' }));

  return (
    <div className="helio-rc-history">
      <div className="helio-rc-toolbar">
        <HTMLSelect
          aria-label={t('history.filterKey')}
          value={filter.key}
          onChange={(e) => setFilter({ ...filter, key: e.currentTarget.value })}
          options={[
            { value: '', label: t('history.allKeys') },
            ...state.keys.map((k) => ({ value: k.key, label: t(`keys.${k.key}.label`) })),
          ]}
          data-testid="rc-history-key"
        />
        <HTMLSelect
          aria-label={t('history.filterState')}
          value={filter.state}
          onChange={(e) => setFilter({ ...filter, state: e.currentTarget.value as HistoryFilter['state'] })}
          options={[
            { value: '', label: t('history.allStates') },
            ...RC_COMMAND_STATES.map((s) => ({ value: s, label: t(`history.state.${s}`) })),
          ]}
          data-testid="rc-history-state"
        />
        <Button
          icon="export"
          disabled={!commands.data?.length}
          onClick={() => {
            const list = commands.data ?? [];
            downloadCsv(historyFileName(list, state.plant.thingName, state.plant.timezone), historyCsv(list, state.plant.timezone));
          }}
          data-testid="rc-history-csv"
        >
          {t('history.csv')}
        </Button>
      </div>
      {commands.isPending ? (
        <Spinner aria-label={t('loading')} />
      ) : !commands.data?.length ? (
        <NonIdealState icon="history" title={t('history.empty')} />
      ) : (
        <HTMLTable compact striped className="helio-rc-table" data-testid="rc-history">
          <thead>
            <tr>
              <th>{t('history.when')}</th>
              <th>{t('history.who')}</th>
              <th>{t('history.key')}</th>
              <th>{t('history.change')}</th>
              <th>{t('history.stateColumn')}</th>
              <th>{t('history.confirmMs')}</th>
            </tr>
          </thead>
          <tbody>
            {commands.data.map((c) => (
              <tr key={c.id} data-testid="rc-history-row" data-key={c.key} data-state={c.state}>
                <td>{formatDateTime(Date.parse(c.sentAt), { dateStyle: 'short', timeStyle: 'medium' })}</td>
                <td>{who(c)}</td>
                <td>{t(`keys.${c.key}.label`, { defaultValue: c.key })}</td>
                <td>
                  {value(c.key, c.from)} → {value(c.key, c.to)}
                </td>
                <td>
                  <Tag minimal intent={STATE_INTENT[c.state]}>
                    {c.state === 'confirmed' && c.confirmedAt
                      ? t('history.confirmedAt', { at: formatDateTime(Date.parse(c.confirmedAt), { timeStyle: 'medium' }) })
                      : t(`history.state.${c.state}`)}
                  </Tag>
                </td>
                <td>{c.confirmMs === null ? '–' : t('history.ms', { ms: formatNumber(c.confirmMs) })}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}

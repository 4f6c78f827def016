// The time series' retention tiers on /services, for who may set them (series:manage, the organisation
// that runs the console): each tier's age, editable, and what the hourly retention run last measured of
// it (rows, bytes, oldest and newest). The server refuses a coarser tier kept shorter than a finer one;
// the form says so before asking (the same rule, tierOrderProblem).
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Callout, Card, H3, HTMLTable, InputGroup } from '@blueprintjs/core';
import { apiErrorText, formatDateTime, formatNumber, hasPermission, useCurrentUser } from '@helio/shared-utils';
import { TIER_DAYS_MAX, TIER_DAYS_MIN, tierOrderProblem, type SeriesTier, type SeriesTierView } from '@helio/contracts';
import { useSeriesTiers, useSetSeriesTier } from './series-tiers.resource';

const DAY_MS = 86_400_000;

function When({ iso }: { iso: string | null }) {
  if (!iso) return <>–</>;
  return <>{formatDateTime(Date.parse(iso))}</>;
}

function TierRow({ tier, tiers }: { tier: SeriesTierView; tiers: readonly SeriesTierView[] }) {
  const { t } = useTranslation('monitoring-app');
  const [draft, setDraft] = useState(String(tier.retentionDays));
  const save = useSetSeriesTier();
  const days = Number(draft);
  const valid = Number.isInteger(days) && days >= TIER_DAYS_MIN && days <= TIER_DAYS_MAX;
  const next = Object.fromEntries(tiers.map((x) => [x.tier, x.tier === tier.tier ? days : x.retentionDays])) as Record<SeriesTier, number>;
  const order = valid ? tierOrderProblem(next) : null;
  const changed = valid && days !== tier.retentionDays;
  const name = t(`services.tiers.names.${tier.tier}`);
  const age = tier.oldest ? Math.floor((Date.now() - Date.parse(tier.oldest)) / DAY_MS) : null;
  return (
    <tr data-testid={`tier-${tier.tier}`}>
      <th scope="row">{name}</th>
      <td>
        <form
          className="helio-services__tier-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (changed && !order) save.mutate({ tier: tier.tier, retentionDays: days });
          }}
        >
          <InputGroup
            type="number"
            min={TIER_DAYS_MIN}
            max={TIER_DAYS_MAX}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-label={t('services.tiers.daysOf', { tier: name })}
            rightElement={<span className="helio-services__unit">{t('services.tiers.days')}</span>}
            intent={!valid || order ? 'danger' : 'none'}
            data-testid={`tier-days-${tier.tier}`}
          />
          <Button type="submit" disabled={!changed || order !== null} loading={save.isPending} text={t('services.tiers.save')} />
        </form>
        {order && (
          <div className="helio-services__error" role="alert">
            {t('services.tiers.order', {
              coarser: t(`services.tiers.names.${order.coarser}`),
              finer: t(`services.tiers.names.${order.finer}`),
            })}
          </div>
        )}
        {save.isError && (
          <div className="helio-services__error" role="alert">
            {apiErrorText(save.error)}
          </div>
        )}
        {tier.custom && <div className="helio-services__error">{t('services.tiers.default', { days: tier.defaultDays })}</div>}
      </td>
      <td data-testid={`tier-rows-${tier.tier}`}>{tier.rows === null ? '–' : formatNumber(tier.rows)}</td>
      <td data-testid={`tier-bytes-${tier.tier}`}>
        {tier.bytes === null ? '–' : formatNumber(tier.bytes / 1e6, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })}
      </td>
      <td>
        <When iso={tier.oldest} />
        {age !== null && <div className="helio-services__error">{t('services.tiers.age', { count: age })}</div>}
      </td>
      <td>
        <When iso={tier.newest} />
      </td>
    </tr>
  );
}

export function SeriesTiersCard() {
  const { t } = useTranslation('monitoring-app');
  const user = useCurrentUser().data;
  const tiers = useSeriesTiers(hasPermission(user, 'series:manage'));
  // another organisation's administrator may not see them (403): the card is not theirs
  if (!tiers.data) {
    if (!tiers.isError || tiers.error.status === 403) return null;
    return (
      <Card className="helio-services__card helio-services__card--wide">
        <Callout intent="danger" title={t('services.tiers.errorTitle')}>
          {apiErrorText(tiers.error)}
        </Callout>
      </Card>
    );
  }
  const measured = tiers.data.tiers.find((x) => x.measuredAt)?.measuredAt ?? null;
  return (
    <Card className="helio-services__card helio-services__card--wide" data-testid="series-tiers">
      <H3>{t('services.tiers.title')}</H3>
      <HTMLTable compact className="helio-services__devices">
        <thead>
          <tr>
            <th>{t('services.tiers.tier')}</th>
            <th>{t('services.tiers.kept')}</th>
            <th>{t('services.tiers.rows')}</th>
            <th>{t('services.tiers.size')}</th>
            <th>{t('services.tiers.oldest')}</th>
            <th>{t('services.tiers.newest')}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.data.tiers.map((tier) => (
            <TierRow key={`${tier.tier}-${tier.retentionDays}`} tier={tier} tiers={tiers.data.tiers} />
          ))}
        </tbody>
      </HTMLTable>
      <p className="helio-services__hint">
        {measured ? t('services.tiers.measured', { time: formatDateTime(Date.parse(measured)) }) : t('services.tiers.notMeasured')}{' '}
        {t('services.tiers.hint')}
      </p>
    </Card>
  );
}

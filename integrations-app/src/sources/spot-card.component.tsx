// The spot price source: the URL the server imports from every hour, how many imported prices it
// holds, the organisation's own uploaded prices (used in place of the server's for it alone) with a
// way to remove them, the last import with its errors, and a CSV upload.
import { useState } from 'react';
import { Alert, Button, Callout, Card, FileInput, H3, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, formatNumber, showToast } from '@helio/shared-utils';
import { SPOT_UPLOAD_MAX_CHARS } from '@helio/contracts/limits';
import type { SpotSource } from '@helio/contracts';
import { when } from '../common/when';
import { FileTooLarge, readTextFile } from './read-file';
import { useSpotClear, useSpotUpload } from './sources.resource';

export function SpotCard({ spot }: { spot: SpotSource }) {
  const { t } = useTranslation('integrations-app');
  const upload = useSpotUpload();
  const clear = useSpotClear();
  const [problem, setProblem] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      const csv = await readTextFile(file, SPOT_UPLOAD_MAX_CHARS);
      upload.mutate(csv, {
        onSuccess: ({ rows }) => showToast({ intent: 'success', message: t('spot.uploaded', { rows: formatNumber(rows) }) }),
      });
    } catch (error) {
      setProblem(
        error instanceof FileTooLarge ? t('common.tooLarge', { mb: formatNumber(SPOT_UPLOAD_MAX_CHARS / 1_000_000) }) : String(error),
      );
    }
  };

  return (
    <Card className="helio-source-card" data-testid="spot-source">
      <H3>{t('spot.title', { area: spot.area })}</H3>
      <HTMLTable compact className="helio-source-facts">
        <tbody>
          <tr>
            <th scope="row">{t('spot.url')}</th>
            <td>{spot.url ? <code>{spot.url}</code> : t('spot.noUrl')}</td>
          </tr>
          <tr>
            <th scope="row">{t('spot.rows')}</th>
            <td>{formatNumber(spot.rows)}</td>
          </tr>
          <tr>
            <th scope="row">{t('spot.ownRows')}</th>
            <td data-testid="spot-own-rows">
              {formatNumber(spot.ownRows)}
              {spot.ownRows > 0 && (
                <Button
                  className="helio-integrations-inline-action"
                  size="small"
                  variant="minimal"
                  intent="danger"
                  text={t('spot.clear')}
                  onClick={() => setClearing(true)}
                  data-testid="spot-clear"
                />
              )}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('spot.lastImport')}</th>
            <td>
              {spot.lastImport
                ? `${when(spot.lastImport.at)} · ${t('spot.importedRows', { rows: formatNumber(spot.lastImport.rows) })}`
                : '—'}
            </td>
          </tr>
        </tbody>
      </HTMLTable>
      {spot.lastImport && spot.lastImport.errors.length > 0 && (
        <Callout intent="danger" title={t('spot.errors')}>
          <ul>
            {spot.lastImport.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Callout>
      )}
      <p className="helio-integrations-hint">{t('spot.uploadHint')}</p>
      <FileInput
        className="helio-integrations-file"
        text={t('spot.upload')}
        buttonText={t('common.browse')}
        inputProps={{ accept: '.csv,text/csv', 'aria-label': t('spot.upload') }}
        disabled={upload.isPending}
        onInputChange={(e) => void choose(e.currentTarget.files?.[0])}
      />
      {(problem ?? (upload.isError ? upload.error : null)) && <Callout intent="danger">{problem ?? apiErrorText(upload.error)}</Callout>}
      <Alert
        isOpen={clearing}
        intent="danger"
        icon="trash"
        confirmButtonText={t('spot.clear')}
        cancelButtonText={t('common.cancel')}
        onCancel={() => setClearing(false)}
        onConfirm={() => {
          setClearing(false);
          clear.mutate(undefined, {
            onSuccess: ({ rows }) => showToast({ intent: 'success', message: t('spot.cleared', { rows: formatNumber(rows) }) }),
          });
        }}
      >
        {t('spot.clearQuestion', { rows: formatNumber(spot.ownRows) })}
      </Alert>
    </Card>
  );
}

// History import: choose a plant and a CSV of samples (time, key, value); the file is checked here
// first (preview, errors by line), then sent in pieces with a progress bar. Importing the same file
// again adds nothing; the roll-ups of the imported days are rebuilt.
import { useState, type InputHTMLAttributes } from 'react';
import { Button, Callout, Card, FileInput, FormGroup, H3, HTMLSelect, HTMLTable, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, apiPost, formatNumber, queryClient, useActivePlant } from '@helio/shared-utils';
import { HISTORY_FILE_MAX_BYTES, parseHistoryCsv, type ParsedHistory } from '@helio/contracts/limits';
import type { PlantSources } from '@helio/contracts';
import { errorText } from '../common/error-text';
import { when } from '../common/when';
import { uploadHistory, type UploadTotals } from './history-upload';
import { FileTooLarge, readTextFile } from './read-file';

const PREVIEW_ROWS = 8;

interface Chosen {
  name: string;
  csv: string;
  parsed: ParsedHistory;
}

export function HistoryImport({ plants }: { plants: PlantSources[] }) {
  const { t } = useTranslation('integrations-app');
  const active = useActivePlant().plant?.id;
  const [plantId, setPlantId] = useState(plants.find((p) => p.id === active)?.id ?? plants[0]?.id ?? '');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState<UploadTotals | null>(null);

  const choose = async (file: File | undefined) => {
    setDone(null);
    setProblem(null);
    setChosen(null);
    if (!file) return;
    try {
      const csv = await readTextFile(file, HISTORY_FILE_MAX_BYTES);
      setChosen({ name: file.name, csv, parsed: parseHistoryCsv(csv) });
    } catch (error) {
      setProblem(
        error instanceof FileTooLarge ? t('common.tooLarge', { mb: formatNumber(HISTORY_FILE_MAX_BYTES / 1024 / 1024) }) : String(error),
      );
    }
  };

  const start = async () => {
    if (!chosen) return;
    setProblem(null);
    try {
      const totals = await uploadHistory(
        chosen.csv,
        (piece) => apiPost('integration/history/import', { plantId, ...piece }),
        (n, total) => setProgress(total === 0 ? 1 : n / total),
      );
      setDone(totals);
      void queryClient.invalidateQueries({ queryKey: ['metric/time-series'] });
    } catch (error) {
      setProblem(errorText(t, error));
    } finally {
      setProgress(null);
    }
  };

  const parsed = chosen?.parsed;
  return (
    <Card className="helio-integrations-card" aria-labelledby="history-title">
      <H3 id="history-title">{t('history.title')}</H3>
      <p className="helio-integrations-hint">{t('history.hint')}</p>
      <FormGroup label={t('history.plant')} labelFor="history-plant" inline>
        <HTMLSelect
          id="history-plant"
          value={plantId}
          onChange={(e) => setPlantId(e.currentTarget.value)}
          options={plants.map((p) => ({ value: p.id, label: p.name }))}
        />
      </FormGroup>
      <FileInput
        className="helio-integrations-file"
        text={chosen?.name ?? t('history.choose')}
        hasSelection={chosen !== null}
        buttonText={t('common.browse')}
        inputProps={
          {
            accept: '.csv,text/csv',
            'aria-label': t('history.choose'),
            'data-testid': 'history-file',
          } as InputHTMLAttributes<HTMLInputElement>
        }
        onInputChange={(e) => void choose(e.currentTarget.files?.[0])}
      />
      {parsed && (
        <div className="helio-history-preview" data-testid="history-preview">
          <p>
            {t('history.summary', {
              rows: formatNumber(parsed.samples.length),
              keys: parsed.keys.join(', ') || '—',
              from: when(parsed.from === null ? null : new Date(parsed.from).toISOString()),
              to: when(parsed.to === null ? null : new Date(parsed.to).toISOString()),
            })}
          </p>
          {parsed.errorCount > 0 ? (
            <Callout intent="danger" title={t('history.errors', { count: parsed.errorCount })} data-testid="history-errors">
              <HTMLTable compact>
                <tbody>
                  {parsed.errors.map((e) => (
                    <tr key={e.line}>
                      <th scope="row">{t('history.line', { line: e.line })}</th>
                      <td>
                        {e.problem
                          ? t(`history.problems.${e.problem.code}`, { earliest: when(e.problem.earliest), latest: when(e.problem.latest) })
                          : apiErrorText(e)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </Callout>
          ) : (
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>{t('history.time')}</th>
                  <th>{t('history.key')}</th>
                  <th>{t('history.value')}</th>
                </tr>
              </thead>
              <tbody>
                {parsed.samples.slice(0, PREVIEW_ROWS).map((s, i) => (
                  <tr key={i}>
                    <td>{when(new Date(s.ts).toISOString())}</td>
                    <td>{s.key}</td>
                    <td>{formatNumber(s.value)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          <Button
            intent="primary"
            icon="import"
            text={t('history.import')}
            disabled={parsed.errorCount > 0 || !plantId || progress !== null}
            onClick={() => void start()}
            data-testid="history-import"
          />
        </div>
      )}
      {progress !== null && <ProgressBar value={progress} intent="primary" aria-label={t('history.progress')} />}
      {done && (
        <Callout intent="success" data-testid="history-done">
          {t('history.done', { inserted: formatNumber(done.inserted), skipped: formatNumber(done.received - done.inserted) })}{' '}
          {parsed?.keys.map((key) => (
            <a key={key} href={`/logs/${encodeURIComponent(key)}`} className="helio-history-link">
              {key}
            </a>
          ))}
        </Callout>
      )}
      {problem && (
        <Callout intent="danger" data-testid="history-problem">
          {problem}
        </Callout>
      )}
    </Card>
  );
}

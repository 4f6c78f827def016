// A figure that explains itself: its value, and behind an info button how it was computed and from what.
import React, { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, PopoverNext } from '@blueprintjs/core';

export interface ExplainedFigureProps {
  id: string;
  label: string;
  value: ReactNode;
  explanation: ReactNode;
}

export function ExplainedFigure({ id, label, value, explanation }: ExplainedFigureProps) {
  const { t } = useTranslation('analytics-app');
  return (
    <Card className="helio-analytics__figure" data-testid={`figure-${id}`}>
      <div className="helio-analytics__figure-head">
        <span className="helio-analytics__figure-label">{label}</span>
        <PopoverNext
          content={
            <div className="helio-analytics__explain" data-testid={`explain-${id}`}>
              {explanation}
            </div>
          }
          placement="bottom"
        >
          <Button
            variant="minimal"
            size="small"
            icon="info-sign"
            aria-label={t('figures.howComputed', { figure: label })}
            title={t('figures.howComputed', { figure: label })}
            data-testid={`explain-${id}-button`}
          />
        </PopoverNext>
      </div>
      <div className="helio-analytics__figure-value" data-testid={`figure-${id}-value`}>
        {value}
      </div>
    </Card>
  );
}

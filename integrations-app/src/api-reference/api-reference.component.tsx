// The API reference: the server's OpenAPI document shown as a readable list of its operations, by
// group, each opening to its request body and answer. No renderer from a CDN; Blueprint only.
import { useState } from 'react';
import { Button, Card, Collapse, H2, H3, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@helio/shared-utils';
import { filterOperations, groupOperations, operationsOf, type OpenApiDocument, type Operation } from './openapi';
import { OPENAPI_URL, useOpenApi } from './openapi.resource';
import { SchemaView } from './schema-view.component';

function OperationRow({ doc, op }: { doc: OpenApiDocument; op: Operation }) {
  const { t } = useTranslation('integrations-app');
  const [open, setOpen] = useState(false);
  return (
    <li className="helio-operation" data-testid="api-operation">
      <Button
        variant="minimal"
        alignText="start"
        fill
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        icon={open ? 'chevron-down' : 'chevron-right'}
      >
        <Tag minimal intent="primary">
          {op.method}
        </Tag>{' '}
        <code>{op.path}</code> {op.summary && <span className="helio-integrations-muted">{op.summary}</span>}
      </Button>
      <Collapse isOpen={open}>
        <div className="helio-operation-body">
          {op.description && <p>{op.description}</p>}
          <H3 className="helio-operation-heading">{t('reference.request')}</H3>
          {op.request ? <SchemaView doc={doc} schema={op.request} /> : <p className="helio-integrations-muted">{t('reference.noBody')}</p>}
          <H3 className="helio-operation-heading">{t('reference.response')}</H3>
          {op.response ? <SchemaView doc={doc} schema={op.response} /> : <p className="helio-integrations-muted">—</p>}
          <p className="helio-integrations-muted">{t('reference.statuses', { list: op.statuses.join(', ') })}</p>
        </div>
      </Collapse>
    </li>
  );
}

export function ApiReference() {
  const { t } = useTranslation('integrations-app');
  const answer = useOpenApi();
  const [needle, setNeedle] = useState('');

  let body;
  if (answer.isPending) body = <Spinner size={24} />;
  else if (answer.isError)
    body = (
      <NonIdealState
        icon="error"
        title={t('reference.failed')}
        description={apiErrorText(answer.error)}
        action={<Button text={t('common.retry')} onClick={() => void answer.refetch()} />}
      />
    );
  else if (answer.data.state === 'absent')
    body = <NonIdealState icon="document" title={t('reference.absent')} description={t('reference.absentHint', { url: OPENAPI_URL })} />;
  else if (answer.data.state === 'invalid')
    body = <NonIdealState icon="warning-sign" title={t('reference.invalid')} description={answer.data.reason} />;
  else {
    const doc = answer.data.doc;
    const groups = groupOperations(filterOperations(operationsOf(doc), needle));
    body = (
      <>
        <p className="helio-integrations-hint">
          {doc.info?.title} {doc.info?.version && <Tag minimal>{doc.info.version}</Tag>} ·{' '}
          <a href={OPENAPI_URL} target="_blank" rel="noreferrer">
            {OPENAPI_URL}
          </a>
        </p>
        <InputGroup
          leftIcon="search"
          placeholder={t('reference.filter')}
          aria-label={t('reference.filter')}
          value={needle}
          onValueChange={setNeedle}
        />
        {groups.length === 0 && <NonIdealState icon="search" title={t('reference.noMatch')} />}
        {groups.map(([group, ops]) => (
          <section key={group} aria-label={group}>
            <H3 className="helio-operation-group">{group}</H3>
            <ul className="helio-operations">
              {ops.map((op) => (
                <OperationRow key={`${op.method} ${op.path}`} doc={doc} op={op} />
              ))}
            </ul>
          </section>
        ))}
      </>
    );
  }
  return (
    <Card className="helio-integrations-card" aria-labelledby="api-reference-title">
      <H2 id="api-reference-title">{t('reference.title')}</H2>
      <p className="helio-integrations-hint">{t('reference.hint')}</p>
      {body}
    </Card>
  );
}

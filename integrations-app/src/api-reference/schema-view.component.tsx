// A JSON schema as a nested list of its properties: name, type, whether required, its description.
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { resolve, typeText, type JsonSchema, type OpenApiDocument } from './openapi';

const MAX_DEPTH = 4;

export function SchemaView({ doc, schema, depth = 0 }: { doc: OpenApiDocument; schema: JsonSchema; depth?: number }) {
  const { t } = useTranslation('integrations-app');
  const resolved = resolve(doc, schema);
  const inner = resolved.type === 'array' && resolved.items ? resolve(doc, resolved.items) : resolved;
  const properties = Object.entries(inner.properties ?? {});
  if (properties.length === 0 || depth >= MAX_DEPTH) return <code>{typeText(doc, schema)}</code>;
  return (
    <ul className="helio-schema">
      {properties.map(([name, property]) => (
        <li key={name}>
          <code className="helio-schema-name">{name}</code> <span className="helio-schema-type">{typeText(doc, property)}</span>
          {inner.required?.includes(name) && (
            <Tag minimal intent="warning" className="helio-integrations-tag">
              {t('reference.required')}
            </Tag>
          )}
          {resolve(doc, property).description && <span className="helio-integrations-muted"> — {resolve(doc, property).description}</span>}
          {(resolve(doc, property).properties || resolve(doc, property).items) && (
            <SchemaView doc={doc} schema={property} depth={depth + 1} />
          )}
        </li>
      ))}
    </ul>
  );
}

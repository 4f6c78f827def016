// Reading an OpenAPI 3 document for the reference page: its operations grouped by their first path
// segment, schemas with $ref resolved (to a depth, so a recursive schema cannot loop), and a filter.
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

interface MediaType {
  schema?: JsonSchema;
}

interface OperationObject {
  summary?: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  method: string;
  path: string;
  summary: string;
  description: string;
  group: string;
  request: JsonSchema | null;
  response: JsonSchema | null;
  statuses: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return typeof value === 'object' && value !== null && ('openapi' in value || 'paths' in value);
}

const jsonSchemaOf = (content?: Record<string, MediaType>): JsonSchema | null =>
  content?.['application/json']?.schema ?? Object.values(content ?? {})[0]?.schema ?? null;

/** The operations, by path then method. The group is the operation's first tag, else the first path segment after /api. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const ok = op.responses?.['200'] ?? op.responses?.['201'];
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? op.operationId ?? '',
        description: op.description ?? '',
        group: op.tags?.[0] ?? path.replace(/^\/api\//, '').split('/')[0] ?? '',
        request: jsonSchemaOf(op.requestBody?.content),
        response: jsonSchemaOf(ok?.content),
        statuses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

export function groupOperations(operations: readonly Operation[]): Array<[string, Operation[]]> {
  const groups = new Map<string, Operation[]>();
  for (const op of operations) groups.set(op.group, [...(groups.get(op.group) ?? []), op]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export function filterOperations(operations: readonly Operation[], needle: string): Operation[] {
  const text = needle.trim().toLowerCase();
  if (text === '') return [...operations];
  return operations.filter((op) => `${op.method} ${op.path} ${op.summary} ${op.description}`.toLowerCase().includes(text));
}

/** The schema a $ref names (#/components/schemas/X), or the schema itself. */
export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (!ref) return schema;
  const name = ref.replace(/^#\/components\/schemas\//, '');
  return doc.components?.schemas?.[name] ?? { description: ref };
}

export const refName = (schema: JsonSchema): string | null => schema.$ref?.split('/').pop() ?? null;

/** A one-line type: "string ≤ 100", "integer 1–200", "array of object", "'a' | 'b'". */
export function typeText(doc: OpenApiDocument, raw: JsonSchema): string {
  const schema = resolve(doc, raw);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((v) => typeText(doc, v)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? (schema.properties ? 'object' : 'any'));
  if (type === 'array' && schema.items)
    return `array of ${typeText(doc, schema.items)}${schema.maxItems === undefined ? '' : ` (≤ ${schema.maxItems})`}`;
  const limits: string[] = [];
  if (schema.format) limits.push(schema.format);
  if (schema.maxLength !== undefined) limits.push(`≤ ${schema.maxLength}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) limits.push(`${schema.minimum ?? ''}–${schema.maximum ?? ''}`);
  return [refName(raw) ?? type, ...limits].join(' ');
}

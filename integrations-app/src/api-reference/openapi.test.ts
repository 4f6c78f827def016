import { filterOperations, groupOperations, operationsOf, typeText, type OpenApiDocument } from './openapi';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/tag/list': {
      post: {
        summary: 'List tags',
        responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Tags' } } } } },
      },
    },
    '/api/integration/key/create': {
      post: {
        tags: ['integrations'],
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', maxLength: 80 } } } } },
        },
        responses: { '200': {}, '400': {} },
      },
    },
  },
  components: { schemas: { Tags: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, maxItems: 100 } } } } },
};

describe('the OpenAPI reference', () => {
  it('lists operations by path, grouped by tag or first path segment', () => {
    const ops = operationsOf(doc);
    expect(ops.map((o) => `${o.method} ${o.path} ${o.group}`)).toEqual([
      'POST /api/integration/key/create integrations',
      'POST /api/tag/list tag',
    ]);
    expect(groupOperations(ops).map(([group]) => group)).toEqual(['integrations', 'tag']);
    expect(ops[0]?.statuses).toEqual(['200', '400']);
  });

  it('filters by path, method or summary', () => {
    expect(filterOperations(operationsOf(doc), 'list tags').map((o) => o.path)).toEqual(['/api/tag/list']);
  });

  it('writes types in one line, with refs and limits', () => {
    expect(typeText(doc, { $ref: '#/components/schemas/Tags' })).toBe('Tags');
    expect(typeText(doc, { type: 'array', items: { type: 'string', maxLength: 5 }, maxItems: 3 })).toBe('array of string ≤ 5 (≤ 3)');
    expect(typeText(doc, { type: 'string', enum: ['read', 'control'] })).toBe('"read" | "control"');
    expect(typeText(doc, { type: ['string', 'null'] })).toBe('string | null');
  });
});

// Bad bodies for a route, made from its JSON schema: what a careless client or an attacker sends.
// Each case names what is wrong with it, so a failing answer reads as a sentence.
import { sampleOf, type JsonSchema } from './route-probes';

export interface FuzzCase {
  name: string;
  body: unknown;
}

/** Long enough to pass any sane maxLength, short enough to stay under the API's 1 MB body limit. */
const HUGE_STRING = 'ř'.repeat(200_000);
const HUGE_ARRAY_LENGTH = 50_000;
const DEEP = 2_000;
const ODD_UNICODE = ['\u0000', '\ud800', '\u202e\u0301', '💥'.repeat(3), ' '].join('');
const EDGE_NUMBERS = [1e308, -1e308, 2 ** 53 + 1, -0, 0.5, -1];

function typeOf(schema: JsonSchema | undefined): string | undefined {
  return Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
}

/** A value of another JSON type than the schema wants. */
function wrongType(schema: JsonSchema | undefined): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'NaN';
    case 'boolean':
      return 'true';
    case 'array':
      return { 0: 'not an array' };
    case 'object':
      return ['not an object'];
    default:
      return { unexpected: true };
  }
}

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

export function fuzzBodies(schema: JsonSchema | undefined): FuzzCase[] {
  const valid = (sampleOf(schema ?? { type: 'object' }) ?? {}) as Record<string, unknown>;
  const cases: FuzzCase[] = [
    { name: 'a bare array', body: [] },
    { name: 'a bare string', body: 'x' },
    { name: 'null', body: null },
    { name: 'an unknown field', body: { ...valid, $fuzz: { deep: nested(10) } } },
    { name: `nesting ${DEEP} deep`, body: { ...valid, deep: nested(DEEP) } },
  ];
  for (const key of schema?.required ?? []) {
    const { [key]: _left, ...rest } = valid;
    cases.push({ name: `without required ${key}`, body: rest });
  }
  for (const [key, property] of Object.entries(schema?.properties ?? {})) {
    const at = (value: unknown, what: string) => cases.push({ name: `${key}: ${what}`, body: { ...valid, [key]: value } });
    at(wrongType(property), 'wrong type');
    at(HUGE_STRING, `a string of ${HUGE_STRING.length} characters`);
    at(ODD_UNICODE, 'NUL, a lone surrogate, a direction override, emoji');
    at(
      Array.from({ length: HUGE_ARRAY_LENGTH }, () => sampleOf(property?.items) ?? 0),
      `an array of ${HUGE_ARRAY_LENGTH}`,
    );
    at(nested(DEEP), `nesting ${DEEP} deep`);
    const type = typeOf(property);
    if (type === 'number' || type === 'integer') for (const n of EDGE_NUMBERS) at(n, `the number ${Object.is(n, -0) ? '-0' : n}`);
    // One error per item would make the refusal as large as the body, many times over.
    if (type === 'array')
      at(
        Array.from({ length: HUGE_ARRAY_LENGTH }, () => wrongType(property?.items)),
        `an array of ${HUGE_ARRAY_LENGTH} wrong items`,
      );
  }
  return cases;
}

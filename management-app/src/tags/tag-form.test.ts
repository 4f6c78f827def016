import type { PlantTag } from '@helio/shared-utils';
import { byTagName, tagNameProblem } from './tag-form';

const tag = (id: string, name: string): PlantTag => ({
  id,
  name,
  colour: 'blue',
  plantCount: 0,
  createdAt: '2026-11-23T00:00:00Z',
  updatedAt: null,
});
const TAGS = [tag('t1', 'Střecha'), tag('t2', 'Farma'), tag('t3', 'Čechy')];

describe('the tag form', () => {
  it('wants a name that shows something, of at most 40 characters', () => {
    expect(tagNameProblem('', TAGS)).toBe('required');
    expect(tagNameProblem('   ', TAGS)).toBe('required');
    expect(tagNameProblem('x'.repeat(41), TAGS)).toBe('tooLong');
    expect(tagNameProblem(` ${'x'.repeat(40)} `, TAGS)).toBeNull();
  });

  it('refuses a name the organisation has, whatever its case, but lets a tag keep its own', () => {
    expect(tagNameProblem(' STŘECHA ', TAGS)).toBe('taken');
    expect(tagNameProblem('střecha', TAGS, 't1')).toBeNull();
    expect(tagNameProblem('farma', TAGS, 't1')).toBe('taken');
    expect(tagNameProblem('Střechy', TAGS)).toBeNull();
  });

  it('orders tags by name the Czech way', () => {
    expect(byTagName(TAGS).map((t) => t.name)).toEqual(['Čechy', 'Farma', 'Střecha']);
  });
});

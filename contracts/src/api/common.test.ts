import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common';

describe('contract building blocks', () => {
  it('writes a string out of a list as one plain enum, so a wrong value gives one error, not one per member', () => {
    expect(StringEnum(['a', 'b'])).toMatchObject({ type: 'string', enum: ['a', 'b'] });
  });

  it('writes a nullable value as a type list, keeping the value’s own limits', () => {
    expect(Nullable(Type.String({ maxLength: 5 }))).toMatchObject({ type: ['string', 'null'], maxLength: 5 });
  });
});

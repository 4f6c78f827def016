import { SETTING_FIELDS } from '@helio/contracts/limits';
import cs from '../locales/cs/management-app.json';

// Czech and English agree key for key (tools/locales.test.js); here: the names cover every setting.
describe('the management-app translations', () => {
  it('name every setting the server knows', () => {
    expect(SETTING_FIELDS.filter((field) => !(field in cs.fields))).toEqual([]);
  });
});

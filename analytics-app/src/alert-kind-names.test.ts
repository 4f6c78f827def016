import cs from '../locales/cs/analytics-app.json';

// Czech and English agree key for key (tools/locales.test.js); here: the names cover every kind.
describe('the analytics-app translations', () => {
  it('name every alert kind the server raises', () => {
    expect(Object.keys(cs.alertKinds).sort()).toEqual([
      'batteryLow',
      'chargerFault',
      'gatewayOffline',
      'gridOutage',
      'inverterFault',
      'pvLow',
    ]);
  });
});

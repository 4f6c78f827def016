const fs = require('fs');
const path = require('path');
const { publicDir } = require('./paths');

const built = fs.existsSync(path.join(publicDir, 'import-map.json'));

(built ? describe : describe.skip)('first-load JavaScript of the built console', () => {
  it('keeps every first route within its budget, the signed-in dashboard within 250 KB gzipped', () => {
    const { routeTotals } = require('./scripts/route-sizes');
    const totals = routeTotals(publicDir);
    expect(totals['dashboard (/)'].budget).toBe(250 * 1024);
    for (const [route, { gzip, budget }] of Object.entries(totals)) {
      expect(gzip).toBeGreaterThan(100 * 1024); // it measured something real
      expect({ route, withinBudget: gzip <= budget }).toEqual({ route, withinBudget: true });
    }
  });
});

if (!built) console.warn('dist/public is not built: the first-load budget test is skipped (run npm run build)');

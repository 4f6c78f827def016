const fs = require('fs');
const path = require('path');
const { publicDir } = require('./paths');

const built = fs.existsSync(path.join(publicDir, 'import-map.json'));

(built ? describe : describe.skip)('first-load JavaScript of the built console', () => {
  it('keeps the signed-in dashboard under 350 KB gzipped', () => {
    const { routeTotals, DASHBOARD_BUDGET_BYTES } = require('./scripts/route-sizes');
    const totals = routeTotals(publicDir);
    expect(totals['dashboard (/)']).toBeGreaterThan(100 * 1024); // it measured something real
    expect(totals['dashboard (/)']).toBeLessThan(DASHBOARD_BUDGET_BYTES);
  });
});

if (!built) console.warn('dist/public is not built: the first-load budget test is skipped (run npm run build)');

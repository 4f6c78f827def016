import { databaseTargets } from '../testing/databases';
import { createTestApp } from '../testing/test-app';

describe.each(databaseTargets())('GET /api/health on $name', (target) => {
  it('answers ok without a token while the database answers', async () => {
    const db = await target.create();
    const app = await createTestApp(db);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      await target.destroy();
    }
  });

  it('answers 503 once the database is gone', async () => {
    const db = await target.create();
    const app = await createTestApp(db);
    try {
      await target.destroy();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});

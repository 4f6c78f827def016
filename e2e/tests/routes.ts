// Every signed-in route of the console, detail routes with a real demo plant and inverter: the
// sweeps that judge each page (accessibility, the phone and tablet layout) walk the same list.
import type { APIRequestContext } from '@playwright/test';
import { adminToken } from './accounts';
import { expect } from './support';

async function post<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

export async function signedInRoutes(request: APIRequestContext): Promise<string[]> {
  const token = await adminToken(request);
  const tenant = (await post<{ tenant: { id: string } }>(request, 'users/info', {}, token)).tenant.id;
  const [plant] = await post<Array<{ id: string }>>(request, 'plant/list', { id: tenant }, token);
  const devices = await post<Array<{ id: string; kind: string }>>(request, 'device/list', { plantId: plant.id }, token);
  const inverter = devices.find((device) => device.kind === 'inverter');
  return [
    '/',
    '/monitoring',
    '/monitoring/dashboard',
    '/flow',
    '/inverters',
    '/batteries',
    '/spot',
    '/statistics',
    '/services',
    '/logs',
    '/logs/ActPwrPve',
    '/management',
    '/management/plants',
    `/management/plants/${plant.id}`,
    // the devices tab: the plant's devices and its OCPP chargers
    `/management/plants/${plant.id}?tab=devices`,
    '/management/tags',
    `/plant/${plant.id}/settings`,
    ...(inverter ? [`/management/inverters/${inverter.id}`] : []),
    '/ems',
    '/rc',
    '/fep',
    '/ev',
    '/notifications',
    '/my-account',
    '/my-account/security',
    '/my-account/notifications',
    '/my-account/iam/users',
    '/my-account/iam/roles',
    '/my-account/iam/permissions',
    '/my-account/iam/audit',
    '/integrations',
    '/integrations/sources',
    '/analytics',
    '/analytics/benchmark',
    `/analytics/benchmark/plant/${plant.id}`,
  ];
}

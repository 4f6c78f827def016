// Realistic test data for app tests: a session, the current user, two demo plants and a shadow.
import type { Plant, Shadow } from '../src/api/endpoints';
import type { CurrentUser } from '../src/current-user/current-user';
import type { Session } from '../src/session/session';

export const fixtureSession = (email = 'admin@helio.local'): Session => ({
  idToken: 'mock-id-token',
  accessToken: 'mock-access-token',
  expiresAt: Date.now() + 15 * 60 * 1000,
  claims: { sub: 'user-1', email, tenantId: 'tenant-1' },
});

export const fixtureCurrentUser = (): CurrentUser => ({
  sub: 'user-1',
  email: 'admin@helio.local',
  name: 'Jana',
  family_name: 'Nováková',
  picture: null,
  tenant: { id: 'tenant-1', name: 'Helio Demo s.r.o.' },
  modules: ['ems', 'rc', 'fep', 'ev', 'notifications', 'monitoring', 'management', 'integrations', 'analytics'],
  role: 'owner',
  permissions: [
    'plants:read',
    'plants:write',
    'devices:read',
    'devices:control',
    'metrics:read',
    'notifications:read',
    'notifications:manage',
    'integrations:manage',
    'iam:manage',
    'audit:read',
  ],
  locale: 'cs',
  preferences: {},
});

export const fixturePlants = (): Plant[] => [
  {
    id: 'plant-1',
    name: 'Brno – Líšeň',
    thingName: 'gw-brno-01',
    location: 'Brno',
    latitude: 49.21,
    longitude: 16.68,
    timezone: 'Europe/Prague',
    pvPeakKw: 9.9,
    batteryKwh: 10.2,
    chargerKw: 11,
  },
  {
    id: 'plant-2',
    name: 'Olomouc – Sady',
    thingName: 'gw-olomouc-01',
    location: 'Olomouc',
    latitude: 49.59,
    longitude: 17.25,
    timezone: 'Europe/Prague',
    pvPeakKw: 5.4,
    batteryKwh: null,
    chargerKw: null,
  },
];

export const fixtureShadow = (reported: Record<string, unknown> = {}, timestamp = Date.now()): Shadow => ({
  state: {
    reported: {
      ActPwrPve: 3200,
      ActPwrGrid: -450,
      ActPwrBat: -1200,
      BatSoc: 64,
      ActPwrLoad: 1550,
      ActPwrEv: 0,
      OperMode: 'auto',
      ...reported,
    },
    desired: {},
    delta: {},
  },
  metadata: {
    desired: {},
    reported: Object.fromEntries(
      ['ActPwrPve', 'ActPwrGrid', 'ActPwrBat', 'BatSoc', 'ActPwrLoad', 'ActPwrEv', 'OperMode', ...Object.keys(reported)].map((k) => [
        k,
        { timestamp },
      ]),
    ),
  },
  version: 1,
  timestamp,
  hasDelta: false,
});

export const __fixtures = {
  session: fixtureSession,
  currentUser: fixtureCurrentUser,
  plants: fixturePlants,
  shadow: fixtureShadow,
};

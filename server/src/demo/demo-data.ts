// The demo organisations, plants and accounts a fresh database starts with. The passwords are fixed
// and printed on start: this data exists to be tried out, never for production use.
import type { Locale, Role } from '../db/schema';

export const ALL_MODULES = ['ems', 'rc', 'fep', 'ev', 'notifications', 'monitoring', 'management', 'integrations', 'analytics'] as const;

export interface DemoPlant {
  name: string;
  thingName: string;
  location: string;
  latitude: number;
  longitude: number;
  timezone: string;
  pvPeakKw: number;
  batteryKwh: number | null;
  chargerKw: number | null;
}

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  familyName: string;
  role: Role;
  modules: readonly string[];
  locale: Locale;
}

export interface DemoTenant {
  name: string;
  plants: DemoPlant[];
  accounts: DemoAccount[];
}

const prague = 'Europe/Prague';

export const DEMO_TENANTS: DemoTenant[] = [
  {
    name: 'Helio Demo',
    plants: [
      {
        name: 'Brno – Rodinný dům',
        thingName: 'demo-brno-01',
        location: 'Brno, Žabovřesky',
        latitude: 49.2146,
        longitude: 16.5852,
        timezone: prague,
        pvPeakKw: 9.8,
        batteryKwh: 10,
        chargerKw: 11,
      },
      {
        name: 'Olomouc – Farma',
        thingName: 'demo-olomouc-02',
        location: 'Olomouc, Holice',
        latitude: 49.5805,
        longitude: 17.2935,
        timezone: prague,
        pvPeakKw: 49.5,
        batteryKwh: 30,
        chargerKw: null,
      },
      {
        name: 'Plzeň – Kancelář',
        thingName: 'demo-plzen-03',
        location: 'Plzeň, Borská pole',
        latitude: 49.7265,
        longitude: 13.3525,
        timezone: prague,
        pvPeakKw: 24,
        batteryKwh: null,
        chargerKw: 22,
      },
    ],
    accounts: [
      {
        email: 'admin@helio.local',
        password: 'Helio-admin-2024!',
        name: 'Jana',
        familyName: 'Nováková',
        role: 'owner',
        modules: ALL_MODULES,
        locale: 'cs',
      },
      {
        email: 'operator@helio.local',
        password: 'Helio-operator-2024!',
        name: 'Petr',
        familyName: 'Dvořák',
        role: 'operator',
        modules: ALL_MODULES.filter((m) => m !== 'integrations' && m !== 'analytics'),
        locale: 'cs',
      },
      {
        email: 'viewer@helio.local',
        password: 'Helio-viewer-2024!',
        name: 'Eva',
        familyName: 'Svobodová',
        role: 'viewer',
        modules: ['monitoring', 'notifications'],
        locale: 'en',
      },
    ],
  },
  {
    name: 'Other Energy s.r.o.',
    plants: [
      {
        name: 'Ostrava – Sklad',
        thingName: 'other-ostrava-01',
        location: 'Ostrava, Hrabová',
        latitude: 49.7778,
        longitude: 18.2541,
        timezone: prague,
        pvPeakKw: 15,
        batteryKwh: 5,
        chargerKw: null,
      },
    ],
    accounts: [
      {
        email: 'other@other-energy.local',
        password: 'Helio-other-2024!',
        name: 'Karel',
        familyName: 'Malý',
        role: 'owner',
        modules: ALL_MODULES,
        locale: 'cs',
      },
    ],
  },
];

export const DEMO_ACCOUNTS: DemoAccount[] = DEMO_TENANTS.flatMap((t) => t.accounts);

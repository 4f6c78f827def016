// Kysely table types. Portable across SQLite and PostgreSQL: ids are uuid strings, timestamps are
// ISO-8601 UTC text (lexically ordered), lists and maps are JSON text, decimals are double precision.
import type { DeviceTables } from '../devices/tables';

export type Role = 'owner' | 'admin' | 'operator' | 'viewer';
export type Locale = 'cs' | 'en';
export type UserStatus = 'active' | 'disabled';

export interface TenantTable {
  id: string;
  name: string;
  created_at: string;
}

export interface UserTable {
  id: string;
  tenant_id: string;
  email: string;
  name: string;
  family_name: string;
  picture: string | null;
  password_hash: string;
  role: Role;
  /** JSON text: string[] of module keys. */
  modules: string;
  locale: Locale;
  /** JSON text: an object of user interface preferences. */
  preferences: string;
  status: UserStatus;
  created_at: string;
}

export interface PlantTable {
  id: string;
  tenant_id: string;
  name: string;
  thing_name: string;
  location: string;
  latitude: number;
  longitude: number;
  timezone: string;
  pv_peak_kw: number;
  battery_kwh: number | null;
  charger_kw: number | null;
  created_at: string;
}

export interface RefreshTokenTable {
  id: string;
  family_id: string;
  user_id: string;
  /** sha256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  /** id of the token this one was rotated into. */
  replaced_by: string | null;
  created_at: string;
}

export interface SigningKeyTable {
  kid: string;
  /** JSON text: the private JWK. */
  private_jwk: string;
  /** JSON text: the public JWK. */
  public_jwk: string;
  alg: string;
  created_at: string;
}

export interface CoreTables {
  tenants: TenantTable;
  users: UserTable;
  plants: PlantTable;
  refresh_tokens: RefreshTokenTable;
  signing_keys: SigningKeyTable;
}

export interface Database extends CoreTables, DeviceTables {}

// Kysely table types. Portable across SQLite and PostgreSQL: ids are uuid strings, timestamps are
// ISO-8601 UTC text (lexically ordered), lists and maps are JSON text, decimals are double precision.
import type { Generated } from 'kysely';
import type { ModuleTables } from '../modules';

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
  /** A custom role (roles.id) that replaces the permissions of `role`; `role` is then 'viewer'. */
  custom_role_id: string | null;
  /** Set while the password is a temporary one from an invitation: the sign-in challenges for a new one. */
  temporary_password_expires_at: string | null;
  password_changed_at: string | null;
  last_sign_in_at: string | null;
  /**
   * 055_user_placeholders (server/src/iam/migrations/055-user-placeholders.ts): 1 = an invitation's stand-in for an
   * address that has an account in another organisation; it never signs in and no lookup by e-mail finds it.
   */
  placeholder: Generated<number>;
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
  // 015_simulated_plants (server/src/iot/simulation/migrations/015-simulated-plants.ts): 1 = the demo simulator runs it
  simulated: Generated<number>;
  // 011_plant_settings (server/src/plants/migrations/011-plant-settings.ts)
  address: Generated<string>;
  /** Degrees from horizontal, 0–90. */
  tilt_deg: number | null;
  /** Degrees, 0 = south, −90 = east, +90 = west (@helio/contracts limits/plants.ts). */
  azimuth_deg: number | null;
  battery_max_soc_pct: number | null;
  battery_max_charge_kw: number | null;
  battery_max_discharge_kw: number | null;
  /** null: no export limit. */
  grid_export_limit_kw: number | null;
  tariff_name: Generated<string>;
  tariff_price_per_kwh: number | null;
  tariff_currency: Generated<'CZK' | 'EUR'>;
  /** Raised by every plant/update: a stale expectedVersion is refused (409). */
  version: Generated<number>;
  updated_at: string | null;
  // 057_plant_listing (server/src/plants/listing-columns.ts): written with the name and location
  /** The name's Czech sort key (compare as bytes). */
  name_sort: string;
  location_sort: string;
  /** The name folded for search: lower case, no diacritics. */
  name_search: string;
  location_search: string;
}

/** A plant role: what a user may do on one plant (plants/access.ts). */
import type { PlantRole } from '@helio/contracts';
export type { PlantRole };

/** 012_plant_access: which non-administrator may see which plant, with their role on it. */
export interface PlantAccessTable {
  plant_id: string;
  user_id: string;
  role: PlantRole;
  created_at: string;
  updated_at: string;
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
  /** 016_refresh_grace: when the one use within the grace window after rotation was spent. */
  grace_used_at: Generated<string | null>;
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
  plant_access: PlantAccessTable;
  refresh_tokens: RefreshTokenTable;
  signing_keys: SigningKeyTable;
}

export interface RoleTable {
  id: string;
  tenant_id: string;
  name: string;
  /** The name folded for uniqueness within the tenant (lower case, no diacritics). */
  name_key: string;
  description: string;
  /** JSON text: Permission[]. */
  permissions: string;
  created_at: string;
  updated_at: string;
}

/** A sign-in session: one refresh-token family (sessions.id = refresh_tokens.family_id). */
export interface SessionTable {
  id: string;
  user_id: string;
  user_agent: string | null;
  address: string | null;
  created_at: string;
  last_used_at: string;
  revoked_at: string | null;
}

export interface SignInThrottleTable {
  /** 'account:<e-mail>' or 'address:<ip>'. */
  key: string;
  failures: number;
  lockouts: number;
  /** Epoch ms. */
  last_failure_at: number | null;
  /** Epoch ms. */
  locked_until: number | null;
}

export interface AuthChallengeTable {
  id: string;
  user_id: string;
  /** sha256 of the opaque challenge session, hex. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PasswordResetCodeTable {
  id: string;
  user_id: string;
  /** scrypt hash of the 6-digit code. */
  code_hash: string;
  expires_at: string;
  attempts: number;
  used_at: string | null;
  created_at: string;
}

export interface AuditEventTable {
  id: string;
  /** null for failed sign-ins of unknown usernames. */
  tenant_id: string | null;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON text: an object. */
  details: string;
  address: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: string;
  to: string;
  subject: string;
  text: string;
  language: Locale;
  created_at: string;
  sent_at: string | null;
  /** Set by the process delivering the mail, so two replicas do not send it twice. */
  claimed_at: string | null;
  attempts: number;
  last_error: string | null;
  /**
   * 068_outbox_secrets: the mail carries a secret of use until then (ISO); its text is removed once it is
   * delivered or that time has passed, and this is cleared. Null: no secret (left).
   */
  secret_until: string | null;
  /** 073_monthly_reports: JSON text, MailAttachment[] (mail/outbox.ts); null: none. */
  attachments: string | null;
}

export interface IdentityTables {
  roles: RoleTable;
  sessions: SessionTable;
  sign_in_throttle: SignInThrottleTable;
  auth_challenges: AuthChallengeTable;
  password_reset_codes: PasswordResetCodeTable;
  audit_events: AuditEventTable;
  outbox: OutboxTable;
}

/** Every table: those each module declares (`tables` in its module.ts), collected from the modules list. */
export interface Database extends ModuleTables {}

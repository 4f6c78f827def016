// The signed-in user's own data: the profile (interface language and preferences), the user info
// (identity, tenant, modules, role, permissions) and the profile's update, which answers both merged.
import { Type, type Static } from '@sinclair/typebox';
import { PERSON_NAME_MAX } from '../limits/iam';
import { LANGUAGES } from '../limits/locales';
import { Dictionary, endpoint, NoBody, Nullable, strict, StringEnum, type EndpointTypes, access, SIGNED_IN } from './common';

export const LanguageSchema = StringEnum(LANGUAGES);
export const ModuleList = Type.Array(Type.String());
export const PersonName = Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX, pattern: '\\S' });

const profileFields = {
  locale: LanguageSchema,
  preferences: Dictionary(Type.Unknown()),
};
const infoFields = {
  sub: Type.String(),
  email: Type.String(),
  name: Type.String(),
  family_name: Type.String(),
  picture: Nullable(Type.String()),
  tenant: Type.Object({ id: Type.String(), name: Type.String() }),
  modules: ModuleList,
  /** The effective role: a built-in role key or the id of a custom role. */
  role: Type.String(),
  /** What the role allows, e.g. 'iam:manage'. */
  permissions: Type.Array(Type.String()),
};

export const UserProfile = Type.Object(profileFields);
export type UserProfile = Static<typeof UserProfile>;
export const UserInfo = Type.Object(infoFields);
export type UserInfo = Static<typeof UserInfo>;
/** users/profile/update answers the merged current user, as users/me holds it. */
export const CurrentUserView = Type.Object({ ...infoFields, ...profileFields });
export type CurrentUserView = Static<typeof CurrentUserView>;

export const ProfileChanges = Type.Object(
  {
    name: Type.Optional(PersonName),
    family_name: Type.Optional(PersonName),
    picture: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200_000 }), Type.Null()])),
    locale: Type.Optional(LanguageSchema),
    preferences: Type.Optional(Dictionary(Type.Unknown(), { maxProperties: 100 })),
  },
  strict,
);
export type ProfileChanges = Static<typeof ProfileChanges>;

export const userEndpoints = {
  'users/profile': endpoint(NoBody, UserProfile, access(SIGNED_IN)),
  'users/info': endpoint(NoBody, UserInfo, access(SIGNED_IN)),
  'users/profile/update': endpoint(ProfileChanges, CurrentUserView, access(SIGNED_IN)),
};
export type UserEndpoints = EndpointTypes<typeof userEndpoints>;

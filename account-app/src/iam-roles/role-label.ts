// Built-in roles have translated names and descriptions; custom roles are named by the tenant.
import type { TFunction } from 'i18next';
import type { RoleRef } from '@helio/shared-utils';

export const roleLabel = (role: RoleRef, t: TFunction<'account-app'>) =>
  role.builtIn ? t(`roles.builtIn.${role.id}.name`, { defaultValue: role.name }) : role.name;

export const roleDescription = (role: RoleRef & { description: string }, t: TFunction<'account-app'>) =>
  role.builtIn ? t(`roles.builtIn.${role.id}.description`, { defaultValue: role.description }) : role.description;

// A permission as people read it ("Manage plants"), not its identifier (`plants:write`): the IAM
// pages, the read-only notices and the error sentences all name it so. An unknown one stays as it is.
import type { TFunction } from 'i18next';

export function permissionLabel(t: TFunction, permission: string): string {
  return t(`permissionNames.${permission.replace(':', '.')}`, { ns: 'common', defaultValue: permission });
}

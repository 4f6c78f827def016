// What a failed call means to the person who made it, in their language: the one place the console
// turns an answer's code and details into a sentence (`apiErrors.<code>` in the common namespace,
// picked more precisely by the contract's variants). The server's English `message` is never shown:
// an undeclared code gets a generic sentence naming the code.
import type { TFunction } from 'i18next';
import { errorVariant, isErrorCode } from '@helio/contracts';
import { permissionLabel } from '../current-user/permission-label';
import { metricInfo } from '../shadow/metrics';
import { ApiError, NETWORK_ERROR } from './api-error';

/** Codes the browser itself gives a failed call (the server cannot be reached or answers no JSON). */
export const CLIENT_ERROR_CODES = [NETWORK_ERROR, 'HttpError', 'InvalidResponse'] as const;

type Values = Record<string, string | number>;

interface SchemaError {
  instancePath?: unknown;
  params?: { missingProperty?: unknown; additionalProperty?: unknown };
}

/** The field a schema check refused: its path, the missing or the unknown property. */
function invalidField(errors: readonly SchemaError[]): string | undefined {
  const [first] = errors;
  if (!first) return undefined;
  const path = typeof first.instancePath === 'string' ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  const named = first.params?.missingProperty ?? first.params?.additionalProperty;
  const field = [path, typeof named === 'string' ? named : ''].filter(Boolean).join('.');
  return field || undefined;
}

/**
 * Identifiers a detail may carry, as people name them (what the IAM pages and the menu show): a
 * permission (`plants:write` → "Plant management"), a module (`rc` → "Remote control"), a device
 * setting or metric key (`BatSocMin` → its catalogue label). An unknown identifier stays as it is.
 */
function labelled(t: TFunction, field: string, value: string | number): string | number {
  if (typeof value !== 'string') return value;
  if (field === 'permission' || field === 'permissions') return permissionLabel(t, value);
  if (field === 'module') return t(`modules.${value}`, { ns: 'common', defaultValue: value });
  if (field === 'key' || field === 'field') {
    const info = metricInfo(value);
    return info ? t(info.labelKey, { ns: 'common' }) : value;
  }
  return value;
}

/** Details as translation values: identifiers as labels, lists joined, a schema check's error list as its first field. */
function valuesOf(details: unknown, label: (field: string, value: string | number) => string | number = (_field, value) => value): Values {
  if (Array.isArray(details)) {
    const field = invalidField(details as SchemaError[]);
    return field === undefined ? {} : { field };
  }
  if (details === null || typeof details !== 'object') return {};
  const values: Values = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = label(key, value);
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
      values[key] = value.map((v) => label(key, v)).join(', ');
  }
  return values;
}

/** The translated sentence for a failed call; `t` is the console's (or a test's) i18next t. */
export function apiErrorTextIn(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('apiErrors.unexpected', { ns: 'common' });
  const values = valuesOf(error.details, (field, value) => labelled(t, field, value));
  if ((CLIENT_ERROR_CODES as readonly string[]).includes(error.code)) return t(`apiErrors.${error.code}`, { ns: 'common', ...values });
  if (!isErrorCode(error.code)) return t('apiErrors.unknown', { ns: 'common', code: error.code });
  // the variant is picked by the raw details (a reason is an identifier, never a label)
  const context = errorVariant(error.code, valuesOf(error.details));
  return t(`apiErrors.${error.code}`, { ns: 'common', ...values, ...(context === undefined ? {} : { context }) });
}

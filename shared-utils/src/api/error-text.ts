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
 * Labels a form gives its own fields, by the path a schema check names (`limits.maxA`) or its last
 * segment (`maxA`), already in the user's language: a refused field is named as the form names it.
 */
export type FieldLabels = Readonly<Record<string, string>>;

/** A field's label: the form's own, else a device setting's catalogue label, else none (never the raw path). */
function fieldLabel(t: TFunction, path: string, fieldLabels: FieldLabels): string | undefined {
  const own = fieldLabels[path] ?? fieldLabels[path.split('.').pop() ?? path];
  if (own !== undefined) return own;
  const info = metricInfo(path);
  return info ? t(info.labelKey, { ns: 'common' }) : undefined;
}

/**
 * Identifiers a detail may carry, as people name them (what the IAM pages and the menu show): a
 * permission (`plants:write` → "Plant management"), a module (`rc` → "Remote control"), a device
 * setting or metric key (`BatSocMin` → its catalogue label), a form field by the form's label. An
 * unknown identifier stays as it is.
 */
function labelled(t: TFunction, field: string, value: string | number, fieldLabels: FieldLabels): string | number {
  if (typeof value !== 'string') return value;
  if (field === 'permission' || field === 'permissions') return permissionLabel(t, value);
  if (field === 'module') return t(`modules.${value}`, { ns: 'common', defaultValue: value });
  if (field === 'key' || field === 'field') return fieldLabel(t, value, fieldLabels) ?? value;
  return value;
}

/** Details as translation values: identifiers as labels, lists joined, a schema check's error list as its first field. */
function valuesOf(details: unknown, label: (field: string, value: string | number) => string | number = (_field, value) => value): Values {
  if (Array.isArray(details)) {
    const field = invalidField(details as SchemaError[]);
    return field === undefined ? {} : { field: label('field', field) };
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

/**
 * The translated sentence for a failed call; `t` is the console's (or a test's) i18next t,
 * `fieldLabels` the labels of the form that sent it, if any. A schema check's refused field the form
 * does not name gets the generic "one of the form's fields" sentence rather than its raw path.
 */
export function apiErrorTextIn(t: TFunction, error: unknown, fieldLabels: FieldLabels = {}): string {
  if (!(error instanceof ApiError)) return t('apiErrors.unexpected', { ns: 'common' });
  const values = valuesOf(error.details, (field, value) => labelled(t, field, value, fieldLabels));
  if ((CLIENT_ERROR_CODES as readonly string[]).includes(error.code)) return t(`apiErrors.${error.code}`, { ns: 'common', ...values });
  if (!isErrorCode(error.code)) return t('apiErrors.unknown', { ns: 'common', code: error.code });
  const raw = valuesOf(error.details);
  const unnamedField = typeof raw.field === 'string' && fieldLabel(t, raw.field, fieldLabels) === undefined;
  if (error.code === 'BadRequest' && unnamedField) return t('apiErrors.BadRequest_unnamedField', { ns: 'common' });
  // the variant is picked by the raw details (a reason is an identifier, never a label); a field the
  // form does not name is left out rather than shown as its raw path
  const variant = errorVariant(error.code, raw);
  const context = variant === 'field' && unnamedField ? undefined : variant;
  return t(`apiErrors.${error.code}`, { ns: 'common', ...values, ...(context === undefined ? {} : { context }) });
}

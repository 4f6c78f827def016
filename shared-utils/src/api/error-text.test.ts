// Every failed call reaches the person as a sentence in their language, from the code and details
// alone: each declared code has a Czech and an English sentence, and no English server text leaks.
import fs from 'fs';
import path from 'path';
import i18next from 'i18next';
import { ERROR_CODES, type ErrorCode, type ErrorCodeSpec } from '@helio/contracts';
import { ApiError } from './api-error';
import { apiErrorTextIn, CLIENT_ERROR_CODES } from './error-text';

const commonOf = (lng: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'locales', lng, 'common.json'), 'utf8')) as {
    apiErrors: Record<string, string>;
  };

const translator = (lng: 'cs' | 'en') => {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    resources: { [lng]: { common: commonOf(lng) } },
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance.t;
};
const cs = translator('cs');
const en = translator('en');

describe('translated server errors', () => {
  it.each(['cs', 'en'])('every declared code, each variant and the client codes have a %s sentence', (lng) => {
    const { apiErrors } = commonOf(lng);
    const declared = Object.keys(ERROR_CODES) as ErrorCode[];
    const variants = declared.flatMap((code) =>
      ((ERROR_CODES[code] as ErrorCodeSpec).variants ?? []).flatMap((variant) =>
        variant === 'reason'
          ? ((ERROR_CODES[code] as ErrorCodeSpec).reasons ?? []).map((reason) => `${code}_${reason}`)
          : [`${code}_${variant}`],
      ),
    );
    const missing = [...declared, ...variants, ...CLIENT_ERROR_CODES, 'unknown', 'unexpected'].filter((key) => !apiErrors[key]);
    expect(missing).toEqual([]);
  });

  it('names the missing permission by its label in Czech, never its identifier nor the server’s English message', () => {
    const error = new ApiError(403, 'Forbidden', 'You do not have the plants:write permission', { permission: 'plants:write' });
    const text = apiErrorTextIn(cs, error);
    expect(text).toBe('K této akci nemáte oprávnění „Správa elektráren“. Požádejte správce organizace.');
    expect(apiErrorTextIn(en, error)).toContain('“Manage plants” permission');
    const beyond = new ApiError(403, 'Forbidden', 'x', { permissions: ['plants:write', 'plants:read'] });
    expect(apiErrorTextIn(cs, beyond)).toContain('Správa elektráren, Čtení elektráren');
    expect(apiErrorTextIn(cs, new ApiError(403, 'Forbidden', 'x', { module: 'rc' }))).toBe('Modul „Vzdálené řízení“ pro vás není zapnutý.');
  });

  it('names the thing a call could not find, and a device setting by its label', () => {
    expect(apiErrorTextIn(cs, new ApiError(404, 'PlantNotFound', 'Plant not found'))).toBe(
      'Elektrárna neexistuje nebo k ní nemáte přístup.',
    );
    expect(apiErrorTextIn(en, new ApiError(404, 'TagNotFound', 'Tag not found'))).toMatch(/^The tag does not exist/);
    const noBattery = new ApiError(400, 'SettingNeedsDevice', 'BatSocMin needs a battery', {
      field: 'key',
      key: 'BatSocMin',
      reason: 'noBattery',
    });
    expect(apiErrorTextIn(cs, noBattery)).not.toContain('BatSocMin');
    expect(apiErrorTextIn(cs, noBattery)).toMatch(/vyžaduje baterii/);
    expect(apiErrorTextIn(cs, new ApiError(404, 'ScheduleNotFound', 'Schedule not found'))).toMatch(/^Plán neexistuje/);
    const far = new ApiError(400, 'EvPlanInvalid', 'x', { field: 'departure', reason: 'departureOutOfRange', maxHours: 48 });
    expect(apiErrorTextIn(cs, far)).toBe('Odjezd musí být v příštích 48 hodinách.');
    const tooLong = new ApiError(400, 'PeriodInvalid', 'x', { field: 'to', reason: 'tooLong', maxDays: 400 });
    expect(apiErrorTextIn(cs, tooLong)).toBe('Období může mít nejvýše 400 dní.');
  });

  it('says why a device setting or a plant setting was refused, with its label, range and unit, never the raw key', () => {
    const range = new ApiError(400, 'SettingValueInvalid', 'BatSocMin must be from 5 to 90 %', {
      field: 'BatSocMin',
      key: 'BatSocMin',
      problem: 'range',
      reason: 'range',
      min: 5,
      max: 90,
      unit: '%',
    });
    expect(apiErrorTextIn(cs, range)).toMatch(/^„.+“ musí být od 5 do 90\u00a0%\.$/);
    expect(apiErrorTextIn(cs, range)).not.toContain('BatSocMin');
    const settings = new ApiError(400, 'PlantSettingsInvalid', 'Invalid plant settings', { field: 'tiltDeg', fields: { tiltDeg: {} } });
    expect(apiErrorTextIn(cs, settings, { tiltDeg: 'Sklon panelů' })).toBe(
      'Některá nastavení nejsou platná, první z nich „Sklon panelů“; označená pole říkají proč.',
    );
    expect(apiErrorTextIn(en, settings)).toBe('Some settings are not valid; the marked fields say why.');
    const order = new ApiError(400, 'NotificationScheduleInvalid', 'to must not be before from', {
      reason: 'order',
      day: 1,
      from: '18:00',
      to: '08:00',
    });
    expect(apiErrorTextIn(cs, order)).toBe('Den nesmí končit (08:00) dřív, než začne (18:00).');
  });

  it('says why a webhook address is refused, with its host', () => {
    const error = new ApiError(400, 'WebhookUrlRefused', 'The host 10.0.0.1 is a private or loopback address', {
      field: 'url',
      reason: 'private',
      host: '10.0.0.1',
    });
    expect(apiErrorTextIn(cs, error)).toBe('Server 10.0.0.1 je v soukromé nebo místní síti; webhooky smějí mířit jen do internetu.');
  });

  it('says why a charger current pair is refused', () => {
    const error = new ApiError(400, 'EvCurrentRange', 'x', {
      reason: 'minAboveMax',
      minCurrentA: 20,
      maxCurrentA: 12,
      lowestA: 6,
      hwMaxCurrentA: 16,
    });
    expect(apiErrorTextIn(cs, error)).toBe('Minimální proud 20 A nesmí být vyšší než maximální 12 A.');
  });

  it('names a schema check’s refused field by the form’s label, or as "one of the fields", never by its raw path', () => {
    const error = new ApiError(400, 'BadRequest', 'body/name must be string', [{ instancePath: '/limits/maxA', params: {} }]);
    expect(apiErrorTextIn(cs, error, { 'limits.maxA': 'Maximální proud' })).toBe('Pole „Maximální proud“ nemá platnou hodnotu.');
    expect(apiErrorTextIn(cs, error, { maxA: 'Maximální proud' })).toBe('Pole „Maximální proud“ nemá platnou hodnotu.');
    expect(apiErrorTextIn(cs, error)).toBe('Jedno z polí formuláře nemá platnou hodnotu. Zkontrolujte zadané údaje.');
    const missing = new ApiError(400, 'BadRequest', "body must have required property 'name'", [
      { instancePath: '', params: { missingProperty: 'name' } },
    ]);
    expect(apiErrorTextIn(en, missing)).not.toContain('name');
    expect(apiErrorTextIn(en, missing, { name: 'Name' })).toBe('The field “Name” does not have a valid value.');
    const setting = new ApiError(400, 'BadRequest', 'x', { field: 'BatSocMin' });
    expect(apiErrorTextIn(cs, setting)).not.toContain('BatSocMin');
  });

  it('gives a plain code without details its generic sentence', () => {
    expect(apiErrorTextIn(cs, new ApiError(404, 'NotFound', 'Plant not found'))).toBe(
      'Hledaná položka neexistuje nebo k ní nemáte přístup.',
    );
  });

  it('names an undeclared code instead of showing the server’s English message', () => {
    const text = apiErrorTextIn(cs, new ApiError(400, 'BrandNewThing', 'Some English words'));
    expect(text).toBe('Server požadavek odmítl (kód BrandNewThing).');
  });

  it('translates a server that cannot be reached and a failure that is no API answer', () => {
    expect(apiErrorTextIn(cs, new ApiError(0, 'NetworkError', 'The server cannot be reached (x)'))).toMatch(/^Server je nedostupný/);
    expect(apiErrorTextIn(en, new TypeError('undefined is not a function'))).toMatch(/^Something went wrong/);
  });
});

// POST /locales/add/{lng}/{ns}: i18next's backend reports keys a component asked for and
// no translation file had. In development the server records them (merged into
// DATA_DIR/missing-translations/{lng}/{ns}.json, one warning line each) so they get translated; in
// production the route does not exist and nothing is ever written.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export const MISSING_TRANSLATIONS_DIR = 'missing-translations';
const LANGUAGES = ['cs', 'en'] as const;

interface AddParams {
  lng: (typeof LANGUAGES)[number];
  ns: string;
}

const paramsSchema = {
  type: 'object',
  required: ['lng', 'ns'],
  properties: {
    lng: { type: 'string', enum: [...LANGUAGES] },
    // a namespace is a workspace name or common: never a path
    ns: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' },
  },
} as const;

const bodySchema = {
  type: 'object',
  minProperties: 1,
  maxProperties: 100,
  propertyNames: { maxLength: 200 },
  additionalProperties: { type: 'string', maxLength: 2000 },
} as const;

export function missingTranslationsFile(dataDir: string, lng: string, ns: string): string {
  return path.join(dataDir, MISSING_TRANSLATIONS_DIR, lng, `${ns}.json`);
}

async function readRecorded(file: string): Promise<Record<string, string>> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, string>;
  } catch {
    return {}; // nothing recorded yet (or a hand-edited file that no longer parses: start over)
  }
}

export async function registerMissingTranslationRoute(
  app: FastifyInstance,
  { enabled, dataDir }: { enabled: boolean; dataDir: string },
): Promise<void> {
  if (!enabled) return;
  // Reports of one namespace arrive together; writing them one after another keeps every key.
  let writing: Promise<unknown> = Promise.resolve();
  app.post<{ Params: AddParams; Body: Record<string, string> }>(
    '/locales/add/:lng/:ns',
    { schema: { params: paramsSchema, body: bodySchema } },
    async (request) => {
      const { lng, ns } = request.params;
      const file = missingTranslationsFile(dataDir, lng, ns);
      const record = async () => {
        const recorded = await readRecorded(file);
        const fresh = Object.keys(request.body).filter((key) => !(key in recorded));
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, `${JSON.stringify({ ...recorded, ...request.body }, null, 2)}\n`);
        for (const key of fresh) request.log.warn(`missing translation ${lng}/${ns}: ${key}`);
        return fresh.length;
      };
      const recording = writing.then(record, record);
      writing = recording.catch(() => undefined);
      return { recorded: await recording };
    },
  );
}

// Serves the built console (dist/public). Content-hashed files under /apps/, and the files of its
// content-hashed folders, never change, so browsers keep them for a year; the entry points
// (index.html, import map, locales) are revalidated each time. Any other page URL gets index.html,
// so a reload on /monitoring or /auth/sign-in works. index.html and the modules' translations are
// chosen per request when the releases are given (each visitor's releases of the modules), and
// index.html's policy then names the hashes of that page's own scripts.
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler';
import { withScriptHashes } from './inline-script-hashes';

/** The console's per-request pages: index.html and the translations of released modules. */
export interface ConsolePages {
  /** This visitor's index.html and the hashes of its inline scripts; null when the console is not built. */
  index(request: FastifyRequest): Promise<{ html: string; scriptHashes: readonly string[]; etag: string } | null>;
  /** The visitor's release's translation file (an absolute folder and a file in it), or null for the built one. */
  locale(request: FastifyRequest, language: string, file: string): Promise<{ root: string; file: string } | null>;
}

const LANGUAGE = /^[a-z]{2}$/;
const LOCALE_FILE = /^[a-z0-9-]{1,60}\.json$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const CONTENT_HASH = /\.[0-9a-f]{8,}\./;
/** A folder named for the hash of what it holds (the icons' paths: shared-deps/icon-paths-plugin.js). */
const HASHED_FOLDER = /\.[0-9a-f]{8,}$/;

/** Cache-Control for a file, by its path relative to the public directory (forward slashes). */
export function cacheControlFor(relativePath: string): string {
  const folders = path.posix.dirname(relativePath).split('/');
  const hashed = CONTENT_HASH.test(path.posix.basename(relativePath)) || folders.some((folder) => HASHED_FOLDER.test(folder));
  return relativePath.startsWith('apps/') && hashed ? IMMUTABLE : REVALIDATE;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && /text\/html/.test(request.headers.accept ?? '');
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

function notBuilt(reply: FastifyReply, indexFile: string) {
  return reply
    .code(503)
    .header('Cache-Control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(
      `Helio EMS is running, but the console is not built: ${indexFile} is missing.\n` +
        'Run `npm run build` (or `npm start`, which builds first), then reload this page.\n',
    );
}

export async function registerStatic(app: FastifyInstance, publicDir: string, pages?: ConsolePages): Promise<void> {
  const indexFile = path.join(publicDir, 'index.html');

  /** index.html as this visitor's page: its own import map, never cached, its scripts' hashes in its policy. */
  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    if (!pages) {
      if (!(await isFile(indexFile))) return notBuilt(reply, indexFile);
      return reply.code(200).sendFile('index.html');
    }
    const page = await pages.index(request);
    if (!page) return notBuilt(reply, indexFile);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('Content-Security-Policy', withScriptHashes(policy, page.scriptHashes));
    reply.header('Cache-Control', REVALIDATE).header('Vary', 'Cookie').header('ETag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.code(200).type('text/html; charset=utf-8').send(page.html);
  }

  if (pages) {
    app.get('/', sendIndex);
    app.get('/index.html', sendIndex);
    app.get<{ Params: { language: string; file: string } }>('/locales/:language/:file', async (request, reply) => {
      const { language, file } = request.params;
      if (!LANGUAGE.test(language) || !LOCALE_FILE.test(file)) return sendError(reply, 404, 'NotFound', 'No such translation file');
      const released = await pages.locale(request, language, file);
      reply.header('Vary', 'Cookie');
      return released ? reply.sendFile(released.file, released.root) : reply.sendFile(`locales/${language}/${file}`);
    });
  }

  await app.register(fastifyStatic, {
    root: publicDir,
    prefix: '/',
    wildcard: true,
    index: pages ? false : ['index.html'],
    redirect: false,
    cacheControl: false,
    allowedPath: (pathName) => !isApiPath(pathName),
    setHeaders: (res, file) => {
      const relative = path.relative(publicDir, file).split(path.sep).join('/');
      res.setHeader('Cache-Control', cacheControlFor(relative));
    },
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? request.url;
    if (isApiPath(url) || !acceptsHtml(request)) {
      return sendError(reply, 404, 'NotFound', `No route ${request.method} ${url}`);
    }
    return sendIndex(request, reply);
  });
}

// Serves the built console (dist/public). Content-hashed files under /apps/ never change, so browsers
// keep them for a year; the entry points (index.html, import map, locales) are revalidated each time.
// Any other page URL gets index.html, so a reload on /monitoring or /auth/sign-in works.
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const CONTENT_HASH = /\.[0-9a-f]{8,}\./;

/** Cache-Control for a file, by its path relative to the public directory (forward slashes). */
export function cacheControlFor(relativePath: string): string {
  const immutable = relativePath.startsWith('apps/') && CONTENT_HASH.test(path.posix.basename(relativePath));
  return immutable ? IMMUTABLE : REVALIDATE;
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

export async function registerStatic(app: FastifyInstance, publicDir: string): Promise<void> {
  const indexFile = path.join(publicDir, 'index.html');

  await app.register(fastifyStatic, {
    root: publicDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
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
    if (!(await isFile(indexFile))) {
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(
          `Helio EMS is running, but the console is not built: ${indexFile} is missing.\n` +
            'Run `npm run build` (or `npm start`, which builds first), then reload this page.\n',
        );
    }
    return reply.code(200).sendFile('index.html');
  });
}

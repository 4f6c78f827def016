// index.html per request: the built page with each module's import-map entry, stylesheets and manifest
// swapped for the release the visitor is assigned, and the releases named for the browser's reports.
// Rendered pages are kept per assignment, so a page load costs a lookup, not a rewrite.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BoundedMap } from '../cache/bounded-map';
import { inlineScriptHashesOf } from '../http/inline-script-hashes';
import { releaseUrl, type Rollout } from './store';

export interface RenderedIndex {
  html: string;
  /** `'sha256-…'` of the page's runnable inline scripts, for this response's policy. */
  scriptHashes: string[];
  etag: string;
}

const IMPORT_MAP = /(<script type="systemjs-importmap">)([\s\S]*?)(<\/script>)/;
const MANIFESTS = /(<script type="application\/json" id="helio-app-manifests">)([\s\S]*?)(<\/script>)/;
const MAX_CACHED = 200;

/** JSON that may sit inside a <script> element: no `</script>` can end it early. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Module name -> release rows chosen for one visitor. */
export type Assignment = ReadonlyMap<string, Rollout['stable']>;

export function renderIndex(template: string, assignment: Assignment): string {
  const mapMatch = IMPORT_MAP.exec(template);
  const manifestsMatch = MANIFESTS.exec(template);
  if (!mapMatch?.[2] || !manifestsMatch?.[2]) return template;
  const importMap = JSON.parse(mapMatch[2]) as { imports: Record<string, string> };
  const manifests = JSON.parse(manifestsMatch[2]) as Record<string, unknown>;
  const releases: Record<string, string> = {};
  const styles: string[] = [];
  for (const [module, release] of [...assignment].sort(([a], [b]) => a.localeCompare(b))) {
    if (!(module in importMap.imports)) continue;
    const base = releaseUrl(module, release.name);
    importMap.imports[module] = base + release.entry;
    manifests[module] = JSON.parse(release.app_manifest);
    releases[module] = release.name;
    for (const css of JSON.parse(release.styles) as string[])
      styles.push(`<link rel="stylesheet" href="${escapeAttribute(base + css)}" />`);
  }
  let html = template;
  // The build's stylesheets of released modules give way to their releases' ones.
  for (const module of Object.keys(releases)) {
    const folder = module.replace('@helio/', '');
    html = html.replace(new RegExp(`[ \\t]*<link rel="stylesheet" href="/apps/${folder}/[^"]*" />\\n?`, 'g'), '');
  }
  html = html.replace(
    IMPORT_MAP,
    (_, open: string, _body: string, close: string) => `${styles.join('\n    ')}\n    ${open}${JSON.stringify(importMap)}${close}`,
  );
  html = html.replace(
    MANIFESTS,
    (_, open: string, _body: string, close: string) =>
      `<script type="application/json" id="helio-releases">${inlineJson(releases)}</script>\n    ${open}${inlineJson(manifests)}${close}`,
  );
  return html;
}

/** Reads index.html again when it changes, and keeps rendered pages per assignment until then. */
export function createIndexRenderer(publicDir: string, capacity = MAX_CACHED) {
  const file = path.join(publicDir, 'index.html');
  let mtime = -1;
  let template = '';
  // Per release mix: the least recently served goes past the bound.
  const cache = new BoundedMap<string, RenderedIndex>(capacity);
  return {
    /** How many rendered pages are kept. */
    cached: () => cache.size,
    /** null: the console is not built. */
    render(assignment: Assignment): RenderedIndex | null {
      let stat: fs.Stats;
      try {
        stat = fs.statSync(file);
      } catch {
        return null;
      }
      if (stat.mtimeMs !== mtime) {
        template = fs.readFileSync(file, 'utf8');
        mtime = stat.mtimeMs;
        cache.clear();
      }
      const key = [...assignment].map(([module, release]) => `${module}=${release.id}`).join(',');
      let rendered = cache.get(key);
      if (!rendered) {
        const html = renderIndex(template, assignment);
        rendered = {
          html,
          scriptHashes: inlineScriptHashesOf(html),
          etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
        };
        cache.set(key, rendered);
      }
      return rendered;
    },
  };
}

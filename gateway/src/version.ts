// The gateway's version, from its package.json (beside src/ and dist/ alike).
import fs from 'node:fs';
import path from 'node:path';

export const GATEWAY_VERSION: string = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }
).version;

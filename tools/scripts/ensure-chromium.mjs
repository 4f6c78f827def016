// The browser tests drive Debian's Chromium (never a downloaded browser). Install it when it is
// missing and we may (root); otherwise stop with the one command to run.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`Chromium not found at ${chromium}: installing Debian's chromium package…`);
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error(`Chromium not found at ${chromium}. Install it with:\n\n  sudo apt-get install -y chromium\n`);
    process.exit(1);
  }
}

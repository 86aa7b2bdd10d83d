import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Finds Chromium for the browser tests: CHROMIUM_PATH, else /usr/bin/chromium. On a Debian machine as
 * root it installs Debian's chromium package when it is missing; otherwise it stops with the command to
 * run. Browser tests never skip silently.
 */
export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(wanted)) return wanted;
  const isDebian = existsSync('/etc/debian_version');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!process.env.CHROMIUM_PATH && isDebian && isRoot) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get install -y chromium) …");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(wanted)) return wanted;
  }
  console.error(
    `\nThe browser tests need Chromium at ${wanted}, and it is not there.\n` +
      (isDebian
        ? 'Install it with:\n\n    sudo apt-get install -y chromium\n'
        : 'Install Chromium and run again with CHROMIUM_PATH=/path/to/chromium\n'),
  );
  process.exit(1);
}

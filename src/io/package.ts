import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The package root: the nearest folder above this module with a package.json. Searched rather
// than fixed so that it holds both for the compiled dist/src/io and for src/io run by the tests.
const ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('pongsim: cannot find its package.json above its modules');
    dir = up;
  }
  return dir;
})();

/** A file of the installed package, from its path relative to the package root. */
export function packagePath(rel: string): string {
  return path.join(ROOT, rel);
}

/** The package version, for provenance files. */
export const VERSION: string = (JSON.parse(fs.readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;

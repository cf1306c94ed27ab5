import fs from 'node:fs';

/** The package version, for provenance files. */
export const VERSION: string = (() => {
  const url = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(url, 'utf8')) as { version: string }).version;
})();

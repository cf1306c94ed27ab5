import fs from 'node:fs';
import { packagePath } from '../io/package.js';

/** The package version, for provenance files. */
export const VERSION: string = (JSON.parse(fs.readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;

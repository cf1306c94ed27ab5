// majiang-core's 40,000 shanten fixtures, kept in the repository (test/fixtures/majiang-core,
// MIT) so the suite needs nothing outside it.

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface XiangtingRow {
  /** Fourteen tiles, e.g. ["m1", "m1", "p5", ...]. */
  q: string[];
  /** Shanten toward [standard, thirteen orphans, seven pairs]; -1 = complete. */
  x: [number, number, number];
}

const dir = new URL('../fixtures/majiang-core/', import.meta.url);

/** All 40,000 rows, in file order. */
export function xiangtingRows(): XiangtingRow[] {
  return [1, 2, 3, 4].flatMap(
    (n) => JSON.parse(gunzipSync(readFileSync(new URL(`xiangting_${n}.json.gz`, dir))).toString('utf8')) as XiangtingRow[],
  );
}

// The build identity every partial, checkpoint and .meta.json records: it follows the compiled
// engine's code, which the package version does not (0.1.0 over 275 commits).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildId, engineHash } from '../../src/io/build.js';
import { packagePath } from '../../src/io/package.js';
import { tempDir } from '../support/cli.js';

describe('the build identity', () => {
  it('changes with any byte of the compiled engine, and with nothing else', () => {
    const dist = tempDir();
    const put = (f: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dist, f)), { recursive: true });
      fs.writeFileSync(path.join(dist, f), text);
    };
    put('src/core/play.js', 'export const a = 1;\n');
    put('strategies/x/bot.js', 'export const b = 2;\n');
    put('experiments/study.js', 'export const c = 3;\n');
    put('src/library/worker-entry.cjs', 'module.exports = 4;\n');
    const first = engineHash(dist);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    // Declarations, and files outside the engine's folders, do not play.
    put('src/core/play.d.ts', 'export declare const a: number;\n');
    put('test/x.js', 'anything');
    expect(engineHash(dist)).toBe(first);
    for (const f of ['src/core/play.js', 'strategies/x/bot.js', 'experiments/study.js', 'src/library/worker-entry.cjs']) {
      const text = fs.readFileSync(path.join(dist, f), 'utf8');
      put(f, text.replace(/\d/, '9'));
      expect(engineHash(dist), f).not.toBe(first);
      put(f, text);
    }
    // A file renamed, its bytes the same, is other code.
    fs.renameSync(path.join(dist, 'experiments/study.js'), path.join(dist, 'experiments/other.js'));
    expect(engineHash(dist)).not.toBe(first);
  });

  it("is this checkout's dist, read once", () => {
    expect(buildId()).toBe(engineHash(packagePath('dist')));
    expect(buildId()).toBe(buildId());
  });
});

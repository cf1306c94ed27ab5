// Each game's RULES.md stays true to its rules schema: every option of the schema is in the
// doc's Options table, every key of that table is an option, every preset is named, and every
// relative link in the doc leads to a file of the repository.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog/index.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The backticked keys in the first column of the table(s) under `## Options`. */
function optionKeys(doc: string): string[] {
  const start = doc.indexOf('\n## Options');
  if (start < 0) return [];
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  const keys: string[] = [];
  for (const line of section.split('\n')) {
    const m = /^\|\s*`([^`]+)`\s*\|/.exec(line);
    if (m) keys.push(m[1]!);
  }
  return keys;
}

describe('RULES.md of every game', () => {
  for (const g of GAMES) {
    describe(g.def.id, () => {
      const file = path.join(ROOT, g.rulesDoc);
      const doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';

      it(`exists at ${g.rulesDoc}`, () => {
        expect(fs.existsSync(file)).toBe(true);
      });

      it('names every option of the schema in its Options table, and no other', () => {
        const keys = optionKeys(doc);
        expect(new Set(keys).size).toBe(keys.length);
        expect([...keys].sort()).toEqual(g.def.schema.options.map((o) => o.key).sort());
      });

      it('names every preset', () => {
        for (const name of Object.keys(g.def.schema.presets)) expect(doc).toContain(`\`${name}\``);
      });

      it('links only to files that exist, and never outside the repository', () => {
        for (const [, target] of doc.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
          if (/^[a-z]+:/.test(target!)) continue; // a web address
          const to = path.resolve(path.dirname(file), target!);
          expect(to.startsWith(ROOT + path.sep), `${target} leaves the repository`).toBe(true);
          expect(fs.existsSync(to), `${target} does not exist`).toBe(true);
        }
        expect(doc).not.toMatch(/shared\/(rules|seeds|cards|peer)/);
      });
    });
  }
});

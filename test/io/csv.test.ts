// Result sets are written whole or not at all: an error part-way leaves the old set as it was
// and no temporary files; temporary files a killed run left are cleaned by the next write.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkWritable, writeAtomically } from '../../src/io/csv.js';
import { listFiles, tempDir } from '../support/cli.js';

describe('writing a result set', () => {
  it('replaces every file of the set', () => {
    const dir = tempDir();
    writeAtomically([{ file: path.join(dir, 'a.csv'), text: 'old a' }, { file: path.join(dir, 'b.csv'), text: 'old b' }]);
    writeAtomically([{ file: path.join(dir, 'a.csv'), text: 'new a' }, { file: path.join(dir, 'b.csv'), text: 'new b' }]);
    expect(listFiles(dir)).toEqual(['a.csv', 'b.csv']);
    expect(fs.readFileSync(path.join(dir, 'b.csv'), 'utf8')).toBe('new b');
  });

  it('leaves the old set whole and no temporary files when a folder is in the way', () => {
    const dir = tempDir();
    writeAtomically([{ file: path.join(dir, 'a.csv'), text: 'old a' }, { file: path.join(dir, 'b.csv'), text: 'old b' }]);
    // A folder where the third file should go: refused before anything moves.
    fs.mkdirSync(path.join(dir, 'c.csv'));
    fs.writeFileSync(path.join(dir, 'c.csv', 'x'), 'keep');
    expect(() => writeAtomically([
      { file: path.join(dir, 'a.csv'), text: 'new a' },
      { file: path.join(dir, 'b.csv'), text: 'new b' },
      { file: path.join(dir, 'c.csv'), text: 'new c' },
    ])).toThrow();
    expect(listFiles(dir)).toEqual(['a.csv', 'b.csv', 'c.csv/x']);
    expect(fs.readFileSync(path.join(dir, 'a.csv'), 'utf8')).toBe('old a');
    expect(fs.readFileSync(path.join(dir, 'b.csv'), 'utf8')).toBe('old b');
  });

  it('puts the old files back when a rename fails part-way', () => {
    const dir = tempDir();
    const files = ['a.csv', 'b.csv', 'c.csv'].map((n) => path.join(dir, n));
    writeAtomically(files.map((file) => ({ file, text: `old ${path.basename(file)}` })));
    // The second rename (b.csv's new file into place) fails, as on a full or vanished disk;
    // a.csv's new file is in place by then.
    const real = fs.renameSync;
    let calls = 0;
    const spy = vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (++calls === 2) throw new Error('EIO: simulated');
      real(from, to);
    });
    try {
      expect(() => writeAtomically(files.map((file) => ({ file, text: `new ${path.basename(file)}` })))).toThrow(/simulated/);
    } finally {
      spy.mockRestore();
    }
    expect(listFiles(dir)).toEqual(['a.csv', 'b.csv', 'c.csv']);
    for (const f of files) expect(fs.readFileSync(f, 'utf8')).toBe(`old ${path.basename(f)}`);
  });

  it('cleans what a killed write left before its journal: the old files stay, temporary files go', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'a.csv'), 'old a');
    fs.writeFileSync(path.join(dir, 'a.csv.pongsim-tmp'), 'half');
    fs.writeFileSync(path.join(dir, 'a.csv.pongsim-old'), 'old a');
    fs.writeFileSync(path.join(dir, '.pongsim-journal'), '["' + path.join(dir, 'a.c')); // cut short by the kill
    writeAtomically([{ file: path.join(dir, 'c.csv'), text: 'c' }]);
    expect(listFiles(dir)).toEqual(['a.csv', 'c.csv']);
    expect(fs.readFileSync(path.join(dir, 'a.csv'), 'utf8')).toBe('old a');
  });

  it('finishes what a killed write left after its journal: the whole new set is put in place', () => {
    const dir = tempDir();
    const [a, b] = [path.join(dir, 'a.csv'), path.join(dir, 'b.csv')];
    fs.writeFileSync(a, 'new a'); // renamed before the kill
    fs.writeFileSync(a + '.pongsim-old', 'old a');
    fs.writeFileSync(b, 'old b');
    fs.writeFileSync(b + '.pongsim-old', 'old b');
    fs.writeFileSync(b + '.pongsim-tmp', 'new b');
    fs.writeFileSync(path.join(dir, '.pongsim-journal'), JSON.stringify([a, b]));
    writeAtomically([{ file: path.join(dir, 'c.csv'), text: 'c' }]);
    expect(listFiles(dir)).toEqual(['a.csv', 'b.csv', 'c.csv']);
    expect([a, b].map((f) => fs.readFileSync(f, 'utf8'))).toEqual(['new a', 'new b']);
  });

  it('checks the target before any game is played', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'afile'), 'x');
    expect(() => checkWritable('--out', path.join(dir, 'afile'), 'dir')).toThrow(/afile: is a file; it names the folder/);
    expect(() => checkWritable('--out', dir, 'file')).toThrow(/is a folder; it names the .csv file/);
    expect(() => checkWritable('--out', path.join(dir, 'afile', 'x.csv'), 'file')).toThrow(/afile is a file, so no folder can be made under it/);
    expect(() => checkWritable('--out', path.join(dir, 'new', 'deeper'), 'dir')).not.toThrow();
  });
});

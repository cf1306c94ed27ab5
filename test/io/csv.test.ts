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
    // The fourth rename (b.csv's new file into place) fails, as on a full or vanished disk.
    const real = fs.renameSync;
    let calls = 0;
    const spy = vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (++calls === 4) throw new Error('EIO: simulated');
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

  it('cleans what a killed write left: temporary files go, an old file set aside comes back', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'a.csv.pongsim-tmp'), 'half');
    fs.writeFileSync(path.join(dir, 'b.csv.pongsim-old'), 'old b');
    writeAtomically([{ file: path.join(dir, 'c.csv'), text: 'c' }]);
    expect(listFiles(dir)).toEqual(['b.csv', 'c.csv']);
    expect(fs.readFileSync(path.join(dir, 'b.csv'), 'utf8')).toBe('old b');
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

// pongsim score: batch scoring, one JSON object a line, every line checked before any is written.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, pongsimIn } from '../support/cli.js';

const lines = (...objs: object[]) => objs.map((o) => JSON.stringify(o)).join('\n') + '\n';
const rows = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('pongsim score', () => {
  it('scores the Korean worked examples with their payments', async () => {
    const r = await pongsimIn(
      ['score', 'korean', '-'],
      undefined,
      lines(
        // TV1: South's uper, concealed kong of 2p, self-draw of red on the replacement: 22 from each.
        {
          concealed: 'm345678z55777',
          melds: ['p2222*'],
          winTile: 'z7',
          winType: 'selfDraw',
          seatWind: 'S',
          uper: true,
          kongReplacement: true,
        },
        // TV2: East's uper self-draw on 8p: 15 from each; TV2b: on West's 8p, West pays 20.
        { concealed: 'm23445556p345678', winTile: 'p8', winType: 'selfDraw', uper: true },
        { concealed: 'm23445556p345678', winTile: 'p8', winType: 'discard', uper: true, discarder: 'W' },
      ),
    );
    expect(r.code, r.stderr).toBe(0);
    const [tv1, tv2, tv2b] = rows(r.stdout);
    expect(tv1).toMatchObject({
      legal: true,
      total: 22,
      parts: { basic: 3, bonus: 6, dora: 3, ante: 10 },
      payments: { E: 22, W: 22, N: 22 },
    });
    expect(tv2).toMatchObject({ legal: true, total: 15, payments: { S: 15, W: 15, N: 15 } });
    expect(tv2b).toMatchObject({ legal: true, total: 10, payments: { W: 20 } });
    expect(tv2.breakdown).toContainEqual({ name: 'all simples', points: 1 });
  });

  it('reports an illegal win as legal: false with the reason', async () => {
    const [r] = rows(
      (await pongsimIn(['score', 'korean'], undefined, lines({ concealed: 'm11123455678999', winTile: 'm5', winType: 'discard' }))).stdout,
    );
    expect(r.legal).toBe(true);
    const [chicken] = rows(
      (
        await pongsimIn(
          ['score', 'korean'],
          undefined,
          lines({ concealed: 'm11156799p234678', winTile: 'p4', winType: 'discard', melds: [] }),
        )
      ).stdout,
    );
    expect(chicken.legal).toBe(false);
    expect(chicken.reason).toMatch(/basic/);
  });

  it('scores Chinese-American hands with the row and each payer, from a file, under house rules', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'hands.jsonl');
    fs.writeFileSync(
      file,
      lines({ concealed: 's123456m789999p55', winTile: 's1', winType: 'discard', seatWind: 'S', discarder: 'E', flowers: 1 }),
    );
    const r = await pongsimIn(['score', 'chinese-american', file]);
    expect(r.code, r.stderr).toBe(0);
    const [x] = rows(r.stdout);
    expect(x).toMatchObject({ legal: true, total: 6, row: 'H1', payments: { E: 7 } });
    const add = rows((await pongsimIn(['score', 'chinese-american', file, '--set', 'dealerBonusScope=allPayers'])).stdout)[0];
    expect(add.total).toBe(6);
  });

  it.each([
    [
      'an unknown field',
      { concealed: 'm23445556p345678', winTile: 'p8', winType: 'selfDraw', robKong: true },
      /^pongsim: line 2: robKong: not a korean field; fields: concealed, melds, winTile, winType, seatWind/,
    ],
    [
      'a bad win type',
      { concealed: 'm23445556p345678', winTile: 'p8', winType: 'ron' },
      /line 2: winType: expected selfDraw or discard \(got "ron"\)/,
    ],
    ['an incomplete hand', { concealed: 'm23445556p345679', winTile: 'p9', winType: 'selfDraw' }, /line 2: concealed: not a complete hand/],
    [
      'a win tile not in the hand',
      { concealed: 'm23445556p345678', winTile: 'p9', winType: 'selfDraw' },
      /line 2: winTile: expected one of the concealed tiles/,
    ],
    [
      'a bad wind',
      { concealed: 'm23445556p345678', winTile: 'p8', winType: 'selfDraw', seatWind: 'up' },
      /line 2: seatWind: expected E, S, W or N/,
    ],
    ['a bad meld', { concealed: 'm234555p345', melds: ['z77'], winTile: 'm2', winType: 'selfDraw' }, /line 2: melds: "z77" is not a meld/],
    [
      'a bamboo tile',
      { concealed: 'm23445556s345678', winTile: 's8', winType: 'selfDraw' },
      /line 2: concealed: s3 is not in the korean set/,
    ],
    [
      'an impossible situation',
      { concealed: 'm23445556p345678', winTile: 'p8', winType: 'discard', kongReplacement: true },
      /line 2: kongReplacement: a kong replacement tile is self-drawn/,
    ],
  ])('refuses %s: exit 2, the line and the field, nothing written', async (_, bad, msg) => {
    const good = { concealed: 'm23445556p345678', winTile: 'p8', winType: 'selfDraw' };
    const r = await pongsimIn(['score', 'korean'], undefined, lines(good, bad));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(msg);
  });

  it('refuses a line that is not JSON, and a ruleset without a scorer', async () => {
    const r = await pongsimIn(['score', 'korean'], undefined, '{"concealed": \n');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 1: not a JSON object/);
    expect((await pongsimIn(['score', 'gostop'])).stderr).toMatch(/score: unknown game "gostop"/);
  });

  // JSON.parse keeps the last of a key given twice: the hand would be scored as one the line does not say.
  it('refuses a key given twice, or "__proto__", naming the line and the key', async () => {
    const good = '{"concealed": "m23445556p345678", "winTile": "p8", "winType": "selfDraw"}';
    for (const [bad, msg] of [
      [
        '{"concealed": "m23445556p345678", "winTile": "p8", "winType": "discard", "winType": "selfDraw"}',
        '"winType" is given twice in one object; give it once',
      ],
      ['{"concealed": "m23445556p345678", "winTile": "p8", "winType": "selfDraw", "__proto__": {}}', '"__proto__" is not allowed as a key'],
    ]) {
      const r = await pongsimIn(['score', 'korean'], undefined, `${good}\n${bad}\n`);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`pongsim: line 2: ${msg}\n`);
    }
  });
});

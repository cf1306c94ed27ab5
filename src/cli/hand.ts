import { io, stdinText } from './io.js';
import type { Command } from 'commander';
import { GAMES } from '../catalog/index.js';
import type { HandOption } from '../catalog/entry.js';
import { InputError, ItemError } from '../core/errors.js';
import { analyzeHandRun, analyzeHandsRun } from '../library/hand.js';
import { collect, printJson } from './options.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';

/** Stdin's non-blank lines, each with its line number. */
export function stdinLines(): { text: string; line: number }[] {
  return stdinText()
    .split('\n')
    .map((raw, i) => ({ text: raw.replace(/\r$/, '').trim(), line: i + 1 }))
    .filter((l) => l.text !== '');
}

/** Every option some game's hand reads, once, with the games it is for where not all. */
function handOptions(): { option: HandOption; owners: string[] }[] {
  const games = GAMES.filter((g) => g.hand);
  const all: { option: HandOption; owners: string[] }[] = [];
  for (const g of games) {
    for (const o of g.hand!.options) {
      const known = all.find((x) => x.option.flag === o.flag);
      if (known) known.owners.push(g.def.id);
      else all.push({ option: o, owners: [g.def.id] });
    }
  }
  return all;
}

export function registerHand(program: Command): void {
  const games = GAMES.filter((g) => g.hand).map((g) => g.def.id);
  const cmd = program
    .command('hand')
    .description(
      'shanten, waits with live tiles, best discards and (for a complete hand) the score of a mahjong hand, or the card lines it is near',
    )
    .argument('<game>', games.join(', '))
    .argument(
      '<tiles>',
      'the concealed tiles in notation, e.g. m1112345678999 or "m123 p456 z11" (z1-z4 E S W N, z5-z7 white green red, flowers f1-f8 are set aside); - reads one hand a line from stdin (blank lines skipped) and writes one JSON object a line {"hand","shanten","waits"}; waits are listed for ready 13-tile hands, a 14-tile hand has none until it discards',
    )
    .option('--json', 'print one JSON object instead of text');
  for (const { option: o, owners } of handOptions()) {
    const doc = owners.length === games.length ? o.doc : `${owners.join(', ')}: ${o.doc}`;
    if (o.flag === '--set') cmd.option(`${o.flag} ${o.value}`, doc, collect);
    else cmd.option(o.value ? `${o.flag} ${o.value}` : o.flag, doc);
  }
  cmd.action((game: string, tiles: string, flags: Record<string, unknown>) => {
    if (tiles !== '-') {
      const r = analyzeHandRun({ ...flags, game, tiles });
      if (flags.json) printJson(r.json);
      else io().stdout.write(wrapLines(r.text, terminalWidth(io().stdout)) + '\n');
      return;
    }
    const lines = stdinLines();
    let rows;
    try {
      rows = analyzeHandsRun({ ...flags, game, hands: lines.map((l) => l.text) });
    } catch (e) {
      if (e instanceof ItemError) throw new InputError(`stdin line ${lines[e.index]!.line}: ${e.detail}`);
      throw e;
    }
    if (rows.length) io().stdout.write(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  });
}

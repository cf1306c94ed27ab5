import type { Command } from 'commander';
import type { benchKorean } from '../bench/korean.js';
import type { benchShanten } from '../bench/mahjong.js';
import type { benchNylonppong } from '../bench/nylonppong.js';
import type { benchWolnamppong } from '../bench/wolnamppong.js';
import { isolated } from '../bench/isolated.js';
import { runExperiment } from '../runner/pool.js';
import { resolveRules } from '../core/rules.js';
import { wolnamSchema } from '../games/hwatu/wolnamppong/rules.js';
import { positiveInt } from './options.js';

interface BenchFlags { seconds: number; speedupSeconds: number; json?: boolean }

/** The runner's 1-to-2 worker speed-up on a sim sized to last about `seconds` on one worker. */
async function workerSpeedup(seconds: number, gamesPerSec: number) {
  const games = Math.max(1000, Math.round(gamesPerSec * seconds));
  const params = { game: 'wolnamppong', rules: resolveRules(wolnamSchema, []) as unknown as Record<string, unknown>, seats: Array(6).fill('ev-threshold'), games };
  const one = await runExperiment('sim', params, { seed: 'bench', workers: 1, quiet: true });
  const two = await runExperiment('sim', params, { seed: 'bench', workers: 2, quiet: true });
  return { games, seconds1: one.seconds, seconds2: two.seconds, speedup: one.seconds / two.seconds };
}

export function registerBench(program: Command): void {
  program
    .command('bench')
    .description('speed figures per core beside a shuffle-and-deal floor, and the 1-to-2 worker speed-up')
    .option('--seconds <s>', 'seconds per single-core measurement', positiveInt('--seconds', 600), 3)
    .option('--speedup-seconds <s>', 'length of the one-worker run for the speed-up', positiveInt('--speedup-seconds', 3600), 20)
    .option('--json', 'print one JSON document')
    .action(async (flags: BenchFlags) => {
      const report: Record<string, Record<string, number>> = {};
      const log = (line: string) => { if (!flags.json) process.stdout.write(line + '\n'); };
      const w = await isolated<ReturnType<typeof benchWolnamppong>>('wolnamppong', flags.seconds);
      report.wolnamppong = { ...w, ratioToFloor: w.decisionsPerSec / w.floorPerSec };
      log(`wolnamppong: ${fmt(w.decisionsPerSec)} bet decisions/s per core (6 ev-threshold seats); floor ${fmt(w.floorPerSec)} turns/s of bare shuffle-and-draw; ratio ${(w.decisionsPerSec / w.floorPerSec).toFixed(2)}`);
      const ny = await isolated<ReturnType<typeof benchNylonppong>>('nylonppong', flags.seconds);
      report.nylonppong = { ...ny, ratioToFloor: ny.roundsPerSec / ny.floorPerSec };
      log(`nylonppong: ${fmt(ny.roundsPerSec)} rounds/s per core (4 basic seats); floor ${fmt(ny.floorPerSec)} 48-card shuffle-and-deals/s; ratio ${(ny.roundsPerSec / ny.floorPerSec).toFixed(2)}`);
      const sh = await isolated<ReturnType<typeof benchShanten>>('mahjong', flags.seconds);
      report.mahjong = sh;
      log(`mahjong: ${fmt(sh.shantenPerSec)} shanten evaluations/s per core (random 14-tile hands, standard + seven pairs)`);
      const ko = await isolated<ReturnType<typeof benchKorean>>('korean', flags.seconds);
      report.korean = ko;
      log(`korean: ${fmt(ko.handsPerSecTsumogiri)} hands/s per core (4 tsumogiri seats), ${fmt(ko.handsPerSecEfficiency)} (4 efficiency seats); floor ${fmt(ko.floorPerSec)} 104-tile shuffle-and-draws/s`);
      const sp = await workerSpeedup(flags.speedupSeconds, w.gamesPerSec);
      report.workers = sp;
      log(`workers: ${sp.games} wolnamppong sessions in ${sp.seconds1.toFixed(1)} s on 1 worker, ${sp.seconds2.toFixed(1)} s on 2: speed-up ${sp.speedup.toFixed(2)}`);
      if (flags.json) process.stdout.write(JSON.stringify(report) + '\n');
    });
}

const fmt = (x: number) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)}M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)}k` : x.toFixed(0));

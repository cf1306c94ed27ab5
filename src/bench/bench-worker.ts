import { parentPort, workerData } from 'node:worker_threads';
import { benchKorean } from './korean.js';
import { benchShanten } from './mahjong.js';
import { benchNylonppong } from './nylonppong.js';
import { benchWolnamppong } from './wolnamppong.js';

const BENCHES: Record<string, (seconds: number) => unknown> = {
  wolnamppong: benchWolnamppong,
  nylonppong: benchNylonppong,
  mahjong: benchShanten,
  korean: benchKorean,
};

const { bench, seconds } = workerData as { bench: string; seconds: number };
parentPort!.postMessage(BENCHES[bench]!(seconds));

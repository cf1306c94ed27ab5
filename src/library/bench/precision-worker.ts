import { parentPort, workerData } from 'node:worker_threads';
import { gamePrecision } from './precision.js';

// One game's precision figures, in a thread of their own (bench --only precision runs the games side by side).
const { game, situations, seed } = workerData as { game: string; situations: number; seed: string };
parentPort!.postMessage(await gamePrecision(game, situations, seed));

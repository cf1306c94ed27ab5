import { parentPort, workerData } from 'node:worker_threads';
import { BENCHES } from './benches.js';

const { bench, seconds } = workerData as { bench: string; seconds: number };
parentPort!.postMessage(await BENCHES[bench]!(seconds));

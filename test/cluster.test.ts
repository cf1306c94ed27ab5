// The cluster recipes work as shipped: the Kubernetes manifests parse, their commands are ones
// the CLI accepts, and running each shard's command with its index variable set, then the
// merge, gives the CSVs of one run byte for byte; likewise the Slurm script's steps, which run
// in bash as sbatch runs them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runStudy } from 'pongsim';
import { MAIN, listFiles, tempDir, CLI_ENV, pongsimIn } from './support/cli.js';

const DIR = 'experiments/cluster';
// Two games a shard: the recipes' arithmetic, not the games, is under test.
const GAMES = '16';

/** The container spec of a Job manifest. */
function container(file: string): { args?: string[]; command?: string[] } {
  const job = parse(fs.readFileSync(path.join(DIR, file), 'utf8'));
  expect(job.kind).toBe('Job');
  return job.spec.template.spec.containers[0];
}

/** Plays `experiment` once, whole, at the recipes' size (through the library the CLI calls),
 * into root/whole, and checks that each of its CSVs is the one the merge wrote into
 * root/results/<experiment>; the CSVs' names. */
async function matchesOneRun(root: string, experiment: string, seed: string): Promise<string[]> {
  await runStudy({ experiment, games: Number(GAMES), seed, out: path.join(root, 'whole') });
  const csvs = listFiles(path.join(root, 'whole')).filter((f) => f.endsWith('.csv'));
  for (const f of csvs)
    expect(fs.readFileSync(path.join(root, 'results', experiment, f), 'utf8'), f).toBe(
      fs.readFileSync(path.join(root, 'whole', f), 'utf8'),
    );
  return csvs;
}

/** A manifest's argument list at test size, with the shared volume at `root`. */
const local = (args: string[], root: string): string[] =>
  args.map((a, i) => (args[i - 1] === '--games' ? GAMES : a.replaceAll('/data', root)));

describe('cluster recipes', () => {
  it('the Kubernetes Indexed Job and its merge give the CSVs of one run', async () => {
    const root = tempDir();
    const job = parse(fs.readFileSync(path.join(DIR, 'kubernetes-shards.yaml'), 'utf8'));
    expect(job.spec.completionMode).toBe('Indexed');
    const args = container('kubernetes-shards.yaml').args!;
    const n = Number(/^auto\/(\d+)$/.exec(args[args.indexOf('--shard') + 1]!)![1]);
    expect(job.spec.completions).toBe(n);
    // Each pod's command, with its index, as the container runs it (in this process: the
    // command line is under test, not Node's start).
    for (let i = 0; i < n; i++) {
      const r = await pongsimIn(local(args, '.'), root, '', { JOB_COMPLETION_INDEX: String(i) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`shard ${i + 1}/${n} from JOB_COMPLETION_INDEX=${i}`);
    }
    const [sh, c, script] = container('kubernetes-merge.yaml').command!;
    expect([sh, c]).toEqual(['sh', '-c']);
    const merge = spawnSync('sh', ['-c', script!.replaceAll('/data', root).replace(/^pongsim /, `node ${JSON.stringify(MAIN)} `)], {
      encoding: 'utf8',
      env: CLI_ENV,
    });
    expect(merge.status, merge.stderr).toBe(0);
    // One run of the same study, seed and size.
    expect((await matchesOneRun(root, args[1]!, args[args.indexOf('--seed') + 1]!)).length).toBeGreaterThan(0);
  });

  it("the Slurm script's shards and merge give the CSVs of one run", async () => {
    const root = tempDir();
    const script = path.resolve(DIR, 'slurm.sh');
    const env = { ...CLI_ENV, PONGSIM: `node ${MAIN}` };
    // A study that plays fast: each shard and the merge is a process of its own.
    const [experiment, seed] = ['wolnamppong-strategies', '7'];
    const study = [experiment, '--games', GAMES, '--seed', seed];
    // Array indices 4-5, as from sbatch --array=4-5: the script counts shards from the array's first index.
    for (const id of [4, 5]) {
      const r = spawnSync('bash', [script, 'shard', '2', ...study], {
        cwd: root,
        encoding: 'utf8',
        env: { ...env, SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: '4' },
      });
      expect(r.status, r.stderr).toBe(0);
    }
    const merge = spawnSync('bash', [script, 'merge', '2', ...study], { cwd: root, encoding: 'utf8', env });
    expect(merge.status, merge.stderr).toBe(0);
    expect((await matchesOneRun(root, experiment, seed)).length).toBeGreaterThan(1);
  });

  it('the container recipe copies only what the repository has', () => {
    const lines = fs
      .readFileSync(path.join(DIR, 'Containerfile'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('COPY '));
    for (const l of lines) for (const src of l.split(/\s+/).slice(1, -1)) expect(fs.existsSync(src), src).toBe(true);
  });
});

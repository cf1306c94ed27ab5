// Vitest's global setup (test/vitest.config.ts): one temporary folder for the run, handed to
// the test files (test/support/cli.ts tempDir) and removed with everything in it at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    tempRoot: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pongsim-test-'));
  project.provide('tempRoot', root);
  return () => fs.rmSync(root, { recursive: true, force: true });
}

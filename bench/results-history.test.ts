// results.md keeps its dated history: a run of the benches rewrites the figures above the history
// heading and keeps every earlier measurement below it.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HISTORY_HEADING, historyOf, writeResults } from './results';

const HISTORY = `${HISTORY_HEADING}\n\n### 2026-11-29, the order flow\n\n- at 20/s, p95 46 ms\n`;

test('a new run keeps the history of the file it replaces', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-results-'));
  try {
    await writeFile(path.join(dir, 'results.md'), `# Benchmark results\n\nthe old table\n\n${HISTORY}`);
    await writeResults([], [], dir);
    const written = await readFile(path.join(dir, 'results.md'), 'utf8');
    expect(written).not.toContain('the old table');
    expect(written.startsWith('# Benchmark results')).toBe(true);
    expect(written.endsWith(HISTORY)).toBe(true);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a file without a history, or none at all, gets none', async () => {
  expect(historyOf('# Benchmark results\n\n## Historyless\n')).toBe('');
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-results-'));
  try {
    await writeResults([], [], dir);
    expect(await readFile(path.join(dir, 'results.md'), 'utf8')).not.toContain(HISTORY_HEADING);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

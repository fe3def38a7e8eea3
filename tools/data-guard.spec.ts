import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** tools/data-guard.mjs as `npm test` runs it (plain ESM): the changes between a snapshot and now. */
function changesSince(dir: string, change: () => void): string[] {
  const snapshot = (): Record<string, string> => {
    const script = `
      import { snapshotDataDir } from ${JSON.stringify(join(__dirname, 'data-guard.mjs'))};
      process.stdout.write(JSON.stringify(snapshotDataDir(process.argv[1])));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, dir], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
    return JSON.parse(result.stdout) as Record<string, string>;
  };
  const before = snapshot();
  change();
  const after = snapshot();
  const script = `
    import { dataChanges } from ${JSON.stringify(join(__dirname, 'data-guard.mjs'))};
    process.stdout.write(JSON.stringify(dataChanges(JSON.parse(process.argv[1]), JSON.parse(process.argv[2]))));`;
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(before), JSON.stringify(after)],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as string[];
}

describe('npm test leaves .data/ untouched (tools/test.mjs fails the run otherwise)', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'data-guard-')), '.data');

  it('sees a file added, changed or removed, and the folder itself appearing', () => {
    expect(changesSince(dir, () => mkdirSync(join(dir, 'payouts'), { recursive: true }))).toEqual([
      'added payouts/',
      'changed .',
    ]);
    expect(changesSince(dir, () => writeFileSync(join(dir, 'payouts', 'payout-1.csv'), 'a'))).toEqual([
      'added payouts/payout-1.csv',
    ]);
    expect(changesSince(dir, () => writeFileSync(join(dir, 'payouts', 'payout-1.csv'), 'b'))).toEqual([
      'changed payouts/payout-1.csv',
    ]);
    expect(changesSince(dir, () => rmSync(join(dir, 'payouts'), { recursive: true }))).toEqual([
      'removed payouts/',
      'removed payouts/payout-1.csv',
    ]);
  });

  it("leaves out the embedded PostgreSQL's files, which a running product changes by itself", () => {
    mkdirSync(join(dir, 'postgres'), { recursive: true });
    expect(changesSince(dir, () => writeFileSync(join(dir, 'postgres', 'wal'), String(Date.now())))).toEqual([]);
  });
});

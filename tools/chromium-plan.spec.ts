import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** tools/lib.mjs's chromiumPlan, run by Node as `npm test` runs it (the root scripts are plain ESM). */
function plan(facts: { path: string; custom: boolean; isRoot: boolean; hasAptGet: boolean }): string {
  const script = `
    import { existsSync } from 'node:fs';
    import { chromiumPlan } from ${JSON.stringify(join(__dirname, 'lib.mjs'))};
    const facts = JSON.parse(process.argv[1]);
    process.stdout.write(chromiumPlan({ ...facts, hasFile: existsSync }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(facts)], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

describe('npm test sets up Chromium itself', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-plan-'));
  const present = join(dir, 'chromium');
  writeFileSync(present, '');
  const absent = join(dir, 'nothing-here');

  it('uses a browser that is there', () => {
    expect(plan({ path: present, custom: false, isRoot: false, hasAptGet: false })).toBe('present');
  });

  it("installs Debian's Chromium when it is missing and it can (root, apt-get)", () => {
    expect(plan({ path: absent, custom: false, isRoot: true, hasAptGet: true })).toBe('install');
  });

  it('says what to run when it cannot, and never installs for a CHROMIUM_PATH of its own', () => {
    expect(plan({ path: absent, custom: false, isRoot: false, hasAptGet: true })).toBe('missing');
    expect(plan({ path: absent, custom: false, isRoot: true, hasAptGet: false })).toBe('missing');
    expect(plan({ path: absent, custom: true, isRoot: true, hasAptGet: true })).toBe('missing');
  });
});

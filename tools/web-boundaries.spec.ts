import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The web app's feature boundaries (eslint.config.mjs) hold for real: ESLint, as `npm run lint` runs it,
 * on sources given as if they lived at these paths.
 */
const repoRoot = join(__dirname, '..');

function lint(path: string, source: string): string[] {
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', path, '--format', 'json'],
    { cwd: repoRoot, input: source, encoding: 'utf8' },
  );
  const [report] = JSON.parse(result.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return report.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((m) => m.message);
}

jest.setTimeout(60_000);

describe('web feature boundaries', () => {
  it('refuses a feature importing another feature, by a relative path or one naming it', () => {
    expect(
      lint('web/src/features/admin/components/x.tsx', "export * from '../../investor/api/get-dashboard';\n"),
    ).toEqual([expect.stringContaining('web/src/features/admin may import its own files')]);
    expect(lint('web/src/features/public/x.tsx', "export * from '../auth/auth-route';\n")).toHaveLength(1);
    expect(
      lint('web/src/features/blog/api/x.ts', "export * from '../../../features/admin/api/admin-query';\n"),
    ).toHaveLength(1);
  });

  it('lets a feature import its own files and the shared code', () => {
    const source = [
      "export * from '../api/admin-query';",
      "export * from '../../../components/pager';",
      "export * from '../../../lib/session';",
      "export * from '../../../i18n/languages';",
      "export * from '@savings/contracts';",
    ].join('\n');
    expect(lint('web/src/features/admin/components/x.tsx', `${source}\n`)).toEqual([]);
  });

  it('refuses shared code importing a feature, and any web file importing the server side', () => {
    expect(lint('web/src/components/x.tsx', "export * from '../features/admin/api/admin-query';\n")).toHaveLength(1);
    expect(lint('web/src/features/investor/x.ts', "export * from '@savings/domain';\n")).toEqual([
      expect.stringContaining('only @savings/contracts'),
    ]);
  });
});

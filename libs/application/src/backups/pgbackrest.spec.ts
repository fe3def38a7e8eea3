import { nextBackupType, parseBackupInfo, type BackupEntry } from './pgbackrest';

const at = (iso: string) => new Date(iso);
const entry = (type: BackupEntry['type'], finishedAt: string): BackupEntry => ({
  label: `label-${finishedAt}`,
  type,
  finishedAt: at(finishedAt),
});

describe('the scheduled backup', () => {
  it('is full when there is none yet, or when the newest full is a week old', () => {
    const now = at('2026-11-27T02:00:00Z');
    expect(nextBackupType([], now)).toBe('full');
    expect(nextBackupType([entry('diff', '2026-11-26T02:00:00Z')], now)).toBe('full');
    expect(nextBackupType([entry('full', '2026-11-20T02:00:00Z')], now)).toBe('full');
  });

  it('is differential while the newest full is younger than a week', () => {
    const now = at('2026-11-27T02:00:00Z');
    expect(nextBackupType([entry('full', '2026-11-20T02:00:01Z')], now)).toBe('diff');
    expect(
      nextBackupType(
        [
          entry('full', '2026-11-01T02:00:00Z'),
          entry('full', '2026-11-26T02:00:00Z'),
          entry('diff', '2026-11-26T03:00:00Z'),
        ],
        now,
      ),
    ).toBe('diff');
  });

  it("reads pgBackRest's info JSON", () => {
    const json = JSON.stringify([
      {
        name: 'savings',
        backup: [
          { label: '20261127-020000F', type: 'full', timestamp: { start: 1795744800, stop: 1795744807 } },
          {
            label: '20261127-020000F_20261128-020000D',
            type: 'diff',
            timestamp: { start: 1795831200, stop: 1795831203 },
          },
        ],
      },
    ]);
    expect(parseBackupInfo(json)).toEqual([
      { label: '20261127-020000F', type: 'full', finishedAt: new Date(1795744807_000) },
      { label: '20261127-020000F_20261128-020000D', type: 'diff', finishedAt: new Date(1795831203_000) },
    ]);
    expect(parseBackupInfo(JSON.stringify([{ name: 'savings' }]))).toEqual([]);
  });
});

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runTranslations } from '../../generator/commands/translations.ts';
import { runCli } from '../helpers/cli.ts';
import { makeSite, removeSites } from '../helpers/make-site.ts';

// Translations that stay in step (behaviour.md: Translations), through the real CLI.

afterAll(removeSites);

const RECORD = 'site/translations.lock.json';
const RAMP_ZH = 'site/content/services/service-ramp.zhHant.md';
const RAMP_EN = 'site/content/services/service-ramp.en.md';

interface Item {
  id: string;
  source: string;
  file: string;
  line: number;
  sourceFile: string;
  sourceLine: number;
  confirmed: string | null;
  days: number | null;
  changes: { text: string; change: 'same' | 'removed' | 'added' }[][];
}
interface Status {
  record: string;
  recorded: boolean;
  locales: Record<string, { current: string[]; stale: Item[]; missing: Item[] }>;
}

const edit = (root: string, file: string, change: (text: string) => string) => {
  const full = path.join(root, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  expect(after, file).not.toBe(before);
  writeFileSync(full, after);
};

/**
 * What `site translations --json` prints, from the command run in this process: the tests read the
 * state after each edit, and a Node start for each would cost more than the reading. The first
 * test checks that the subprocess prints the same.
 */
const status = async (root: string): Promise<Status> => {
  const printed: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => printed.push(String(chunk)) > 0);
  try {
    expect(await runTranslations({ root, json: true, names: [] })).toBe(0);
  } finally {
    write.mockRestore();
  }
  return JSON.parse(printed.join('')) as Status;
};

describe('site translations', () => {
  it('tracks a plural text by its base key: every form its language needs, whichever forms the source has', async () => {
    const root = makeSite();
    const COMMON_ZH = 'site/locales/zhHant/common.json';
    const COMMON_EN = 'site/locales/en/common.json';
    // Chinese has one form (`count_other`), English two: the text is one translation.
    edit(root, COMMON_ZH, (t) => t.replace('"共 {{count}} 筆結果"', '"找到 {{count}} 筆結果"'));
    const stale = (await status(root)).locales.en?.stale ?? [];
    expect(stale.map((item) => item.id)).toEqual(['common:search.count']);
    expect(runCli(['--root', root, 'translations', 'done', 'common:search.count']).status).toBe(0);
    expect((await status(root)).locales.en?.stale).toEqual([]);
    // An English form missing is the translation missing.
    edit(root, COMMON_EN, (t) => t.replace(/\n\s*"count_one": "[^"]*",/, ''));
    expect((await status(root)).locales.en?.missing.map((item) => item.id)).toContain('common:search.count');
  });

  it('finds the translation a source edit left behind, shows what changed, and is in step once confirmed', async () => {
    const root = makeSite();
    expect((await status(root)).locales.en?.stale).toEqual([]);
    edit(root, RAMP_ZH, (t) => t.replace('清水補給與污水處理', '清水補給、污水處理與垃圾清運'));

    const after = await status(root);
    // The command as a user runs it prints the same, and exits 0.
    const printed = runCli(['--root', root, 'translations', '--json']);
    expect(printed.stderr).toBe('');
    expect(printed.status).toBe(0);
    expect(JSON.parse(printed.stdout)).toEqual(after);
    expect(after).toMatchObject({ record: RECORD, recorded: true });
    expect(Object.keys(after.locales)).toEqual(['en']);
    const [stale, ...others] = after.locales.en?.stale ?? [];
    expect(others).toEqual([]);
    expect(stale).toMatchObject({
      id: '/services/service-ramp',
      source: 'zhHant',
      file: RAMP_EN,
      sourceFile: RAMP_ZH,
      confirmed: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      days: expect.any(Number),
    });
    // Pointed at the line of the change; the change character by character.
    const line = readFileSync(path.join(root, RAMP_ZH), 'utf8').split('\n')[(stale?.sourceLine ?? 0) - 1];
    expect(line).toContain('垃圾清運');
    expect(stale?.changes).toEqual([
      [
        { text: '清水補給', change: 'same' },
        { text: '與', change: 'removed' },
        { text: '、', change: 'added' },
        { text: '污水處理', change: 'same' },
        { text: '與垃圾清運', change: 'added' },
      ],
    ]);
    expect(after.locales.en?.current).not.toContain('/services/service-ramp');
    expect(after.locales.en?.current).toContain('nav:procurement');

    // The same for a person: the diff in word-diff marks, where to look, and exit 0.
    const text = runCli(['--root', root, 'translations']);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(`stale   ${RAMP_EN}:1  /services/service-ramp`);
    expect(text.stdout).toContain(`source ${RAMP_ZH}:${stale?.sourceLine}`);
    expect(text.stdout).toContain('清水補給[-與-]{+、+}污水處理{+與垃圾清運+}');

    // Confirmed by the translation's file (here by its absolute path): up to date, and the record says so.
    const done = runCli(['--root', root, 'translations', 'done', path.join(root, RAMP_EN)]);
    expect(done.stdout).toContain('Confirmed 1 translation');
    expect(done.status).toBe(0);
    expect((await status(root)).locales.en?.stale).toEqual([]);
    const record = readFileSync(path.join(root, RECORD), 'utf8');
    expect(record).toContain('"- 清水補給、污水處理與垃圾清運"'.replace('- ', ''));
  });

  it('does not count edits that say the same: whitespace, wrapping, Markdown written another way, settings', async () => {
    const root = makeSite();
    edit(root, RAMP_ZH, (t) =>
      t
        .replace('- 清水補給與污水處理', '*   清水補給與污水處理   ')
        .replace(/^order: .*$/m, 'order: 42')
        .replace(/\n\n## /, '\n\n\n## '),
    );
    // A paragraph of the body wrapped onto two lines.
    edit(root, RAMP_EN, (t) => {
      const body = t.indexOf('\n---\n') + 5;
      const settings = t.slice(0, body).replace(/^order: .*$/m, 'order: 42');
      return settings + t.slice(body).replace(/^(\w[^\n]{40,}?) (\w)/m, '$1\n$2');
    });
    edit(root, 'site/content/news/news3.zhHant.md', (t) => t.replace(/\*\*([^*\n]+)\*\*/, '__$1__'));
    expect((await status(root)).locales.en?.stale).toEqual([]);
  });

  it('reports a new shared text as missing in the other locale, until it is translated and confirmed', async () => {
    const root = makeSite();
    edit(root, 'site/locales/zhHant/nav.json', (t) => t.replace('{', '{\n  "safety": "飛安與品質",'));
    const missing = (await status(root)).locales.en?.missing ?? [];
    expect(missing).toEqual([
      expect.objectContaining({
        id: 'nav:safety',
        file: 'site/locales/en/nav.json',
        sourceFile: 'site/locales/zhHant/nav.json',
        sourceLine: 2,
      }),
    ]);
    expect(runCli(['--root', root, 'translations']).stdout).toMatch(/missing site\/locales\/en\/nav\.json +nav:safety/);
    edit(root, 'site/locales/en/nav.json', (t) => t.replace('{', '{\n  "safety": "Safety and quality",'));
    // Translated but not yet confirmed: stale, never confirmed.
    expect((await status(root)).locales.en?.stale).toEqual([
      expect.objectContaining({ id: 'nav:safety', confirmed: null }),
    ]);
    expect(runCli(['--root', root, 'translations', 'done', 'nav:safety']).status).toBe(0);
    const after = (await status(root)).locales.en;
    expect(after?.stale).toEqual([]);
    expect(after?.missing).toEqual([]);
    expect(after?.current).toContain('nav:safety');
  });

  it('follows an article written in English first: an English edit leaves the Chinese page stale', async () => {
    const root = makeSite();
    const en = 'site/content/news/news3.en.md';
    const zh = 'site/content/news/news3.zhHant.md';
    edit(root, en, (t) => t.replace(/^---\n/, '---\nsource: en\n'));
    expect(runCli(['--root', root, 'translations', 'done', '/news/news3']).status).toBe(0);
    let now = await status(root);
    expect(now.locales.zhHant?.current).toEqual(['/news/news3']);
    expect(now.locales.en?.current).not.toContain('/news/news3');

    edit(root, zh, (t) => t.replace(/^title: .*$/m, 'title: 中文標題改寫'));
    expect((await status(root)).locales.zhHant?.stale).toEqual([]);
    edit(root, en, (t) => t.replace(/^title: .*$/m, 'title: A Rewritten English Title'));
    now = await status(root);
    expect(now.locales.zhHant?.stale).toEqual([
      expect.objectContaining({ id: '/news/news3', source: 'en', file: zh, sourceFile: en }),
    ]);
    expect(now.locales.zhHant?.stale[0]?.changes[0]).toContainEqual({ text: 'Rewritten', change: 'added' });
  });

  it('refuses a name that matches nothing and a record it cannot read, changing nothing', async () => {
    const root = makeSite();
    const record = path.join(root, RECORD);
    const before = readFileSync(record, 'utf8');
    const unknown = runCli(['--root', root, 'translations', 'done', RAMP_EN, '/no-such-page']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('`/no-such-page` names no translation');
    expect(readFileSync(record, 'utf8')).toBe(before);
    expect(runCli(['--root', root, 'translations', 'confirm']).stderr).toContain('does not know `confirm`');
    expect(runCli(['--root', root, 'translations', 'done']).stderr).toContain('needs what to confirm');

    writeFileSync(record, before.replace('"format": 1,', '"format": 1,,'));
    const broken = runCli(['--root', root, 'translations']);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/site\/translations\.lock\.json:2:\d+ +TRANSLATIONS_RECORD_INVALID/);
    expect(broken.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);

    // Valid JSON, but an entry of another shape (a record edited or merged by hand): named at the
    // entry's line, by `site translations` and `site check` alike, never an internal error.
    const entries = JSON.parse(before) as { messages: Record<string, { targets: Record<string, { text: unknown }> }> };
    const [name, entry] = Object.entries(entries.messages)[0] as [
      string,
      { targets: Record<string, { text: unknown }> },
    ];
    for (const bad of [
      { ...entry, targets: null },
      { ...entry, targets: { en: { ...entry.targets.en, text: 'one text, not a list' } } },
      5,
    ]) {
      const record2 = { ...entries, messages: { ...entries.messages, [name]: bad } };
      const text = `${JSON.stringify(record2, null, 2)}\n`;
      writeFileSync(record, text);
      const line = text.split('\n').findIndex((l) => l.includes(`${JSON.stringify(name)}:`)) + 1;
      for (const args of [['translations'], ['check', '--out', path.join(root, 'no-build')]]) {
        const result = runCli(['--root', root, ...args]);
        expect(result.stderr).not.toContain('internal error');
        if (args[0] === 'translations') {
          expect(result.status).toBe(1);
          expect(result.stderr).toMatch(
            new RegExp(`site/translations\\.lock\\.json:${line}:1 +TRANSLATIONS_RECORD_INVALID`),
          );
          expect(result.stderr).toContain(`messages → ${JSON.stringify(name)}`);
        }
      }
    }
    writeFileSync(record, before);

    // A folder where the record belongs: named as such, not an internal error.
    rmSync(record);
    mkdirSync(record);
    for (const args of [['translations'], ['translations', 'done', RAMP_EN]]) {
      const unreadable = runCli(['--root', root, ...args]);
      expect(unreadable.status).toBe(1);
      expect(unreadable.stderr).toContain('TRANSLATIONS_RECORD_INVALID');
      expect(unreadable.stderr).toContain('it is a folder, not a file');
      expect(unreadable.stderr).not.toContain('internal error');
    }
  });
});

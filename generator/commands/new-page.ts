import { DEFAULT_LAYOUT, DEFAULT_TEMPLATE } from '../pipeline/sources.ts';
import type { ContentFile, LocaleCode, SiteConfig } from '../types.ts';

// What `site new` writes (behaviour.md: CLI); pure, so the command only reads and writes.

/** In front-matter order. */
export interface NewPageSettings {
  readonly template: string;
  readonly layout: string;
  /** Articles only: the day the page was started. */
  readonly date?: string;
  readonly order?: number;
}

export interface NewPageFile {
  readonly locale: LocaleCode;
  /** Relative to the project folder, with `/`. */
  readonly file: string;
  readonly text: string;
}

export interface NewPageReport {
  readonly path: string;
  readonly files: readonly { locale: LocaleCode; file: string }[];
  readonly settings: NewPageSettings & { readonly draft: true };
  readonly next: readonly string[];
}

interface NewPageContext {
  readonly config: SiteConfig;
  readonly path: string;
  readonly files: readonly { locale: LocaleCode; file: string }[];
  readonly settings: NewPageSettings;
  readonly confirm: string;
}

/** What most siblings carry; articles share one `order`, other pages take the next. */
export function toNewPageSettings(siblings: readonly ContentFile[], today: string): NewPageSettings {
  const pages = [...new Map(siblings.map((file) => [file.path, file])).values()];
  const article = pages.filter((p) => p.data.date !== null).length * 2 > pages.length;
  const orders = pages.filter((p) => p.keyLines.order !== undefined).map((p) => p.data.order);
  const order = orders.length === 0 ? undefined : article ? toMostUsed(orders) : Math.max(...orders) + 1;
  return {
    template: toMostUsed(pages.map((p) => p.data.template)) ?? DEFAULT_TEMPLATE,
    layout: toMostUsed(pages.map((p) => p.data.layout)) ?? DEFAULT_LAYOUT,
    ...(article ? { date: today } : {}),
    ...(order === undefined ? {} : { order }),
  };
}

/** None on a tie. */
function toMostUsed<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
  return first && (!second || first[1] > second[1]) ? first[0] : undefined;
}

export function toNewPageFiles(context: NewPageContext): NewPageFile[] {
  const { config, settings, files } = context;
  const source = files.find((f) => f.locale === config.defaultLocale) ?? files[0];
  return files.map(({ locale, file }) => {
    const lang = config.locales.find((l) => l.code === locale);
    const prefix = lang?.prefix ?? '';
    const url = prefix + (context.path === '/' && prefix ? '' : context.path);
    const phrases = (lang?.iso ?? '').toLowerCase().startsWith('zh') ? CHINESE : ENGLISH;
    const others = files.filter((f) => f !== source).map((f) => f.file);
    const steps =
      file === source?.file
        ? [phrases.write, ...(others.length > 0 ? [phrases.translateInto(others)] : [])]
        : [phrases.translateFrom(source?.file ?? ''), phrases.confirm(context.confirm)];
    const lines = [
      '---',
      `title: ${JSON.stringify(phrases.title(url))}`,
      `description: ${JSON.stringify(phrases.description(url))}`,
      `template: ${settings.template}`,
      `layout: ${settings.layout}`,
      ...(settings.date === undefined ? [] : [`date: ${settings.date}`]),
      ...(settings.order === undefined ? [] : [`order: ${settings.order}`]),
      'draft: true',
      '---',
      phrases.intro(url, settings.template),
      '',
      phrases.todo,
      '',
      ...[...steps, phrases.publish].map((step, i) => `${i + 1}. ${step}`),
    ];
    return { locale, file, text: `${lines.join('\n')}\n` };
  });
}

// The URL makes each draft's title unique; paths are code spans, never read as links.
const ENGLISH = {
  title: (url: string) => `Draft: write the title (${url})`,
  description: (url: string) =>
    `Draft: one or two sentences that sum up the page, shown under its title and in search results (${url}).`,
  intro: (url: string, template: string) =>
    `This is the draft of \`${url}\`, not yet published: \`draft: true\` at the top of the file keeps it off the production site. The page uses the \`${template}\` template.`,
  todo: 'To do, in order:',
  write:
    'Replace `title` with the page title and `description` with a sentence or two that sum it up, then replace this text with the page text.',
  translateInto: (files: readonly string[]) =>
    `Once the text is final, have it translated: ${files.map((f) => `\`${f}\``).join(', ')}.`,
  translateFrom: (file: string) =>
    `Once \`${file}\` is written, translate its title, description and text into English, in place of \`title\`, \`description\` and this text.`,
  confirm: (command: string) =>
    `Once the translation is done, run \`${command}\` to record that it is in step with its source.`,
  publish: 'When the page is ready, remove the line `draft: true` at the top of the file, in every language.',
};

const CHINESE: typeof ENGLISH = {
  title: (url) => `草稿：請填寫標題（${url}）`,
  description: (url) => `草稿：請以一兩句話摘要本頁內容，這段文字會顯示在標題下方及搜尋結果中（${url}）。`,
  intro: (url, template) =>
    `這是 \`${url}\` 的草稿，尚未發布：檔頭的 \`draft: true\` 讓正式網站不會收錄本頁。本頁使用 \`${template}\` 版型。`,
  todo: '請依序完成：',
  write: '將 `title` 改為本頁標題、`description` 改為一兩句摘要，並刪除這段說明，改寫成本頁內文。',
  translateInto: (files) => `內容定稿後，請翻譯成其他語言版本：${files.map((f) => `\`${f}\``).join('、')}。`,
  translateFrom: (file) =>
    `待原文 \`${file}\` 完成後，將其標題、摘要與內文譯成中文，取代本頁的 \`title\`、\`description\` 與這段說明。`,
  confirm: (command) => `翻譯完成後，請執行 \`${command}\`，記錄譯文已與原文同步。`,
  publish: '準備發布時，請刪除每個語言版本檔頭中 `draft: true` 這一行。',
};

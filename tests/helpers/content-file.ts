import type { ContentFile, FrontMatter } from '../../generator/types.ts';

/** A parsed content file for tests of the Markdown renderer: an article with the given body. */
export function makeContentFile(
  body: string,
  fields: Partial<Omit<ContentFile, 'data' | 'body'>> & { data?: Partial<FrontMatter> } = {},
): ContentFile {
  const { data, ...rest } = fields;
  return {
    file: 'site/content/news/a.en.md',
    path: '/news/a',
    locale: 'en',
    bodyLine: 6,
    keyLines: {},
    addresses: [],
    ...rest,
    body,
    data: {
      title: 't',
      description: 'd',
      template: 'article',
      layout: 'default',
      order: 0,
      date: null,
      updated: null,
      locales: null,
      list: null,
      listLimit: null,
      inOverview: true,
      draft: false,
      publishDate: null,
      expiryDate: null,
      noindex: false,
      aliases: [],
      extra: {},
      ...data,
    },
  };
}

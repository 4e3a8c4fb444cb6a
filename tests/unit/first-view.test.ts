import { describe, expect, it } from 'vitest';
import { toFirstViewScripts, toIdleScripts } from '../../generator/check/first-view.ts';

// A page's first-view JavaScript: its scripts and what they import statically, as a browser finds it.
describe('first-view scripts', () => {
  const files: Record<string, string> = {
    '/_app/boot.js':
      'import{a as b}from"./chunk.A.js";import"./chunk.B.js";const l=()=>import("./lazy.js");const t="import x from \'./text.js\'";',
    '/_app/page.js':
      '/* a banner */\nimport{c}from"./chunk.A.js";\nimport * as u from "../common/util.js";/*! import "./comment.js" */',
    '/_app/chunk.A.js': 'import"./chunk.B.js";export const a=1;',
    '/_app/chunk.B.js': 'import"./chunk.A.js";var s=`import "./template.js"`;',
    '/common/util.js': 'export const d=1;',
    '/_app/lazy.js': '',
  };
  const read = (url: string) => files[url] ?? null;

  it('follows the leading static imports across chunks, once each, and leaves dynamic imports, strings and comments out', () => {
    const html =
      '<script src="/_app/classic.js" defer></script>' +
      '<script type="module" fetchpriority="low" src="/_app/boot.js"></script>' +
      '<script type="module" fetchpriority="low" src="/_app/page.js"></script>';
    expect(toFirstViewScripts(html, read)).toEqual([
      '/_app/classic.js',
      '/_app/boot.js',
      '/_app/chunk.A.js',
      '/_app/chunk.B.js',
      '/_app/page.js',
      '/common/util.js',
    ]);
  });

  it('ignores data scripts without a source', () => {
    expect(toFirstViewScripts('<script type="application/json" id="site-data">{}</script>', read)).toEqual([]);
  });

  it('adds, once idle, the chunks every page loads and those of the page template, each once', () => {
    const scripts = {
      idle: ['/_app/chunk.A.js', '/_app/chunk.R.js'],
      templates: { article: ['/_app/article.js', '/_app/chunk.R.js'], about: ['/_app/about.js'] },
    };
    expect(toIdleScripts(['/_app/boot.js', '/_app/chunk.A.js'], scripts, 'article')).toEqual([
      '/_app/boot.js',
      '/_app/chunk.A.js',
      '/_app/chunk.R.js',
      '/_app/article.js',
    ]);
    expect(toIdleScripts(['/_app/boot.js'], scripts, null)).toEqual([
      '/_app/boot.js',
      '/_app/chunk.A.js',
      '/_app/chunk.R.js',
    ]);
  });
});

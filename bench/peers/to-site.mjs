#!/usr/bin/env node
// Converter for `site`: turns the gen-content.mjs tree into a
// project folder that `node PROJECT_REPO/bin/site.js --root OUT_ROOT build --out DIR` builds.
// usage: node to-site.mjs SRC_CONTENT_DIR PROJECT_REPO OUT_ROOT
//   SRC_CONTENT_DIR  what gen-content.mjs wrote (zh-Hant/**.md, en/**.md, data/site.json)
//   PROJECT_REPO     a clone of the project with `npm ci` done (its site/ gives config, templates,
//                    locales, public; its bin/site.js is the builder)
//   OUT_ROOT         written afresh: OUT_ROOT/site/{site.config.ts,templates,locales,public,content}
// No dependencies. Naming: zh-Hant/a/b.md -> site/content/a/b.zhHant.md, en/a/b.md -> a/b.en.md,
// a/_index.md -> a/index.<locale>.md (the top-level _index.md -> index.<locale>.md).
// Front matter added (title, description and date are kept from gen-content):
//   home (_index.md)          template: home, layout: default
//   news/_index.md            template: news-index, layout: default, list: articles
//   news/<x>.md               template: article, layout: default (date from gen-content)
//   about|services|strengths|jobs/<x>.md (and strengths/homemade-equipment/eqN)
//                             template: page, layout: section, order: N (position in gen-content's side nav)
//   everything else           template: page, layout: default (contact, customers, procurement, jobs/_index)
// Body changes: Markdown links lose their trailing slash (`/about/about-company/` ->
// `/about/about-company`): the build fails a link to `/x/` with LINK_UNKNOWN_ROUTE. Nothing else
// changes: gen-content's repeated titles (the four `*-layout` pages are all "Layout") are kept; the
// build accepts them (only `site check` reports duplicates).
import fs from 'node:fs';
import path from 'node:path';

const [src, repo, outRoot] = process.argv.slice(2).map((p) => p && path.resolve(p));
if (!src || !repo || !outRoot) {
  console.error('usage: node to-site.mjs SRC_CONTENT_DIR PROJECT_REPO OUT_ROOT');
  process.exit(2);
}
const LOCALES = { 'zh-Hant': 'zhHant', en: 'en' };
const SECTIONED = new Set(['about', 'services', 'strengths', 'jobs']);

// 1. the project's site/ without its content
fs.rmSync(outRoot, { recursive: true, force: true });
fs.mkdirSync(path.join(outRoot, 'site'), { recursive: true });
for (const entry of fs.readdirSync(path.join(repo, 'site'))) {
  if (entry === 'content') continue;
  fs.cpSync(path.join(repo, 'site', entry), path.join(outRoot, 'site', entry), { recursive: true });
}
const contentOut = path.join(outRoot, 'site/content');

// side-nav order per route, from gen-content's own side nav (same for both locales)
const site = JSON.parse(fs.readFileSync(path.join(src, 'data/site.json'), 'utf8'));
const order = new Map();
for (const list of Object.values(site.side['zh-Hant'])) {
  list.forEach((item, i) => {
    const route = item.url.replace(/^\/|\/$/g, '');
    if (!order.has(route)) order.set(route, i);
  });
}

function walk(dir, rel = '') {
  const out = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...walk(dir, r));
    else if (e.name.endsWith('.md')) out.push(r);
  }
  return out;
}

let files = 0;
const made = new Set();
for (const [srcLocale, locale] of Object.entries(LOCALES)) {
  const dir = path.join(src, srcLocale);
  for (const rel of walk(dir).sort()) {
    const text = fs.readFileSync(path.join(dir, rel), 'utf8');
    const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
    if (!m) throw new Error(`${srcLocale}/${rel}: no front matter`);
    const fm = m[1];
    let body = text.slice(m[0].length);

    const route = rel.replace(/\.md$/, '').replace(/(^|\/)_index$/, ''); // '' for home
    const top = route.split('/')[0];
    const isIndex = /(^|\/)_index\.md$/.test(rel);
    const extra = [];
    if (route === '') extra.push('template: home', 'layout: default');
    else if (route === 'news') extra.push('template: news-index', 'layout: default', 'list: articles');
    else if (top === 'news') extra.push('template: article', 'layout: default');
    else if (SECTIONED.has(top) && !isIndex)
      extra.push('template: page', 'layout: section', `order: ${order.get(route) ?? 0}`);
    else extra.push('template: page', 'layout: default');

    body = body.replace(/\]\((\/[^)\s]*?)\/\)/g, ']($1)');

    const target = path.join(
      contentOut,
      (isIndex ? rel.replace(/_index\.md$/, 'index') : rel.replace(/\.md$/, '')) + `.${locale}.md`,
    );
    const tdir = path.dirname(target);
    if (!made.has(tdir)) {
      fs.mkdirSync(tdir, { recursive: true });
      made.add(tdir);
    }
    fs.writeFileSync(target, `---\n${fm}\n${extra.join('\n')}\n---\n${body}`);
    files++;
  }
}
console.log(`site adapter: ${files} content files -> ${contentOut}`);

// Floor: the minimum work of a React-SSR static generator, in plain Node.
// fast-glob + gray-matter + marked + react-dom/server renderToString, then write the files.
// usage: node build.mjs [CONTENT_DIR=../content] [OUT_DIR=out]
import fg from 'fast-glob';
import matter from 'gray-matter';
import { marked } from 'marked';
import fs from 'node:fs';
import path from 'node:path';

process.env.NODE_ENV ??= 'production'; // React's production build, as any SSG uses for output
const { createElement: h } = await import('react');
const { renderToString } = await import('react-dom/server');

const contentDir = path.resolve(process.argv[2] || '../content');
const outDir = path.resolve(process.argv[3] || 'out');
const site = JSON.parse(fs.readFileSync(path.join(contentDir, 'data/site.json'), 'utf8'));
const [zh, en] = site.locales;
const urlOf = (loc, route) => `${loc.prefix}/${route ? route + '/' : ''}`;
const routeOf = (rel) => rel.replace(/\.md$/, '').replace(/(^|\/)_index$/, '');

function MenuToggle({ label }) {
  return h('button', { className: 'menu-toggle', 'aria-expanded': 'false' }, label);
}

function Layout({ loc, route, title, description, date, html }) {
  const other = loc === zh ? en : zh;
  const me = urlOf(loc, route);
  const section = route.includes('/') || route === 'news' || route === 'jobs' ? route.split('/')[0] : 'top';
  return h(
    'html',
    { lang: loc.code },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, `${title} | ${loc.siteName}`),
      h('meta', { name: 'description', content: description }),
      h('link', { rel: 'canonical', href: site.baseURL + me }),
      site.locales.map((l) =>
        h('link', { key: l.code, rel: 'alternate', hrefLang: l.hreflang, href: site.baseURL + urlOf(l, route) }),
      ),
      h('link', { rel: 'alternate', hrefLang: 'x-default', href: site.baseURL + urlOf(zh, route) }),
    ),
    h(
      'body',
      null,
      h(
        'header',
        { className: 'site-header' },
        h('a', { className: 'logo', href: `${loc.prefix}/` }, loc.siteName),
        h(MenuToggle, { label: 'Menu' }),
        h(
          'nav',
          { className: 'main-nav' },
          h(
            'ul',
            null,
            site.nav[loc.code].map((n) =>
              h(
                'li',
                { key: n.url },
                h('a', { href: n.url }, n.title),
                n.children.length > 0 &&
                  h(
                    'ul',
                    null,
                    n.children.map((c) => h('li', { key: c.url }, h('a', { href: c.url }, c.title))),
                  ),
              ),
            ),
          ),
        ),
        h('a', { className: 'lang-switch', hrefLang: other.hreflang, href: urlOf(other, route) }, other.label),
      ),
      h(
        'div',
        { className: 'wrap' },
        h(
          'aside',
          { className: 'side-nav' },
          h(
            'nav',
            null,
            h(
              'ul',
              null,
              site.side[loc.code][section].map((n) =>
                h(
                  'li',
                  { key: n.url },
                  h('a', { href: n.url, 'aria-current': n.url === me ? 'page' : undefined }, n.title),
                ),
              ),
            ),
          ),
        ),
        h(
          'main',
          null,
          h(
            'article',
            null,
            h('h1', null, title),
            date && h('time', { dateTime: date }, date),
            h('div', { dangerouslySetInnerHTML: { __html: html } }),
          ),
        ),
      ),
      h('footer', { className: 'site-footer' }, h('p', null, site.footer[loc.code])),
    ),
  );
}

fs.rmSync(outDir, { recursive: true, force: true });
let n = 0;
const made = new Set();
for (const loc of site.locales) {
  const dir = path.join(contentDir, loc.code);
  for (const rel of fg.sync('**/*.md', { cwd: dir })) {
    const { data, content } = matter(fs.readFileSync(path.join(dir, rel), 'utf8'), {}); // an options object turns off gray-matter's unbounded cache
    const route = routeOf(rel);
    const date = data.date instanceof Date ? data.date.toISOString().slice(0, 10) : data.date;
    const html =
      '<!doctype html>' +
      renderToString(
        h(Layout, { loc, route, title: data.title, description: data.description, date, html: marked.parse(content) }),
      );
    const file = path.join(outDir, urlOf(loc, route), 'index.html');
    if (!made.has(path.dirname(file))) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      made.add(path.dirname(file));
    }
    fs.writeFileSync(file, html);
    n++;
  }
}
console.log(`floor: ${n} pages -> ${outDir}`);

#!/usr/bin/env node
// Synthetic bilingual content tree for SSG build benchmarks. No dependencies.
// usage: node gen-content.mjs OUT_DIR [PAGES_PER_LOCALE]   (default 54; scaled: 500, 5000)
// Writes OUT_DIR/zh-Hant/**.md, OUT_DIR/en/**.md (same relative paths) and OUT_DIR/data/site.json.
// File naming: `_index.md` is the index of a folder (home page, /news, /jobs), any other
// `a/b.md` is the route /a/b/. The default locale (zh-Hant) is served at bare paths, en under /en/.
import fs from 'node:fs';
import path from 'node:path';

const out = process.argv[2];
const perLocale = Number(process.argv[3] || 54);
if (!out || !(perLocale >= 54)) {
  console.error('usage: node gen-content.mjs OUT_DIR [PAGES_PER_LOCALE>=54]');
  process.exit(2);
}

// ---------------------------------------------------------------- routes (54 per locale)
const groups = {
  about: [
    'about-group',
    'about-awards',
    'about-layout',
    'about-vision',
    'about-company',
    'about-history',
    'about-location',
    'about-investors',
    'about-organization',
  ],
  jobs: ['jobs-layout', 'jobs-benefits', 'jobs-positions'],
  services: [
    'service-ramp',
    'service-cabin',
    'service-cargo',
    'service-layout',
    'service-spirit',
    'service-control',
    'service-operation',
    'service-passenger',
    'service-maintenance',
    'service-cargo-loading',
    'service-passenger-loading',
  ],
  strengths: [
    'strengths-layout',
    'strengths-quality',
    'strengths-training',
    'strengths-equipment',
    'strengths-certification',
    'strengths-homemade-equipment',
  ],
};
const baseNews = ['news1', ...Array.from({ length: 11 }, (_, i) => `news${i + 3}`), 'newsEn1', 'newsEn2'];
const extraNews = Array.from({ length: perLocale - 54 }, (_, i) => `newsX${i + 1}`);

/** @type {{route:string,file:string,section:string,slug:string,news?:number}[]} */
const pages = [];
const add = (route, file, section, slug, news) => pages.push({ route, file, section, slug, news });
add('', '_index.md', 'top', 'home');
for (const t of ['contact', 'customers', 'procurement']) add(t, `${t}.md`, 'top', t);
add('jobs', 'jobs/_index.md', 'jobs', 'jobs');
add('news', 'news/_index.md', 'news', 'news');
for (const s of groups.about) add(`about/${s}`, `about/${s}.md`, 'about', s);
for (const s of groups.jobs) add(`jobs/${s}`, `jobs/${s}.md`, 'jobs', s);
for (const s of groups.services) add(`services/${s}`, `services/${s}.md`, 'services', s);
for (const s of groups.strengths) add(`strengths/${s}`, `strengths/${s}.md`, 'strengths', s);
for (let i = 1; i <= 5; i++)
  add(`strengths/homemade-equipment/eq${i}`, `strengths/homemade-equipment/eq${i}.md`, 'strengths', `eq${i}`);
[...baseNews, ...extraNews].forEach((s, i) => add(`news/${s}`, `news/${s}.md`, 'news', s, i));
if (pages.length !== perLocale) throw new Error(`expected ${perLocale} pages, got ${pages.length}`);

// ---------------------------------------------------------------- titles
const zhWord = {
  home: '首頁',
  about: '關於我們',
  group: '集團',
  awards: '獲獎紀錄',
  layout: '營運佈局',
  vision: '願景',
  company: '公司簡介',
  history: '沿革',
  location: '據點',
  investors: '投資人專區',
  organization: '組織架構',
  jobs: '人才招募',
  benefits: '員工福利',
  positions: '職缺',
  service: '服務',
  services: '服務項目',
  ramp: '機坪',
  cabin: '客艙',
  cargo: '貨運',
  spirit: '服務精神',
  control: '管制',
  operation: '作業',
  passenger: '旅客',
  maintenance: '維修',
  loading: '裝載',
  strengths: '核心優勢',
  quality: '品質',
  training: '訓練',
  equipment: '設備',
  certification: '認證',
  homemade: '自製',
  contact: '聯絡我們',
  customers: '客戶',
  procurement: '採購',
  news: '最新消息',
  top: '首頁',
  eq: '設備',
};
const cap = (w) => w[0].toUpperCase() + w.slice(1);
function title(slug, locale) {
  const m = /^(news|newsEn|newsX|eq)(\d+)$/.exec(slug);
  if (m) {
    const n = m[2];
    if (m[1] === 'eq') return locale === 'en' ? `Homemade Equipment No. ${n}` : `自製設備 第${n}號`;
    const tag = m[1] === 'newsEn' ? 'EN-' : m[1] === 'newsX' ? 'X-' : '';
    return locale === 'en' ? `Company News ${tag}${n}` : `公司新聞 ${tag}${n}`;
  }
  const parts = slug.split('-');
  const ps = parts.length > 1 && ['about', 'jobs', 'service', 'strengths'].includes(parts[0]) ? parts.slice(1) : parts;
  return locale === 'en' ? ps.map(cap).join(' ') : ps.map((p) => zhWord[p] ?? p).join('');
}

// ---------------------------------------------------------------- deterministic text
function rng(seedStr) {
  let h = 2166136261;
  for (const c of seedStr) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const EN = (
  'ground handling aircraft ramp cargo passenger service quality safety training team airline airport terminal ' +
  'operation equipment maintenance certified schedule customer flight crew loading baggage control standard ' +
  'reliable efficient support partner network daily season capacity experience professional process system ' +
  'inspection procedure audit record improve deliver manage coordinate ensure provide across every our with ' +
  'the and for of to in on by a an is are was has have will can from at as this that these those new'
).split(' ');
const ZH = (
  '地勤 服務 機坪 貨運 旅客 安全 品質 訓練 團隊 航空公司 機場 航廈 作業 設備 維修 認證 班表 客戶 航班 組員 裝載 行李 ' +
  '管制 標準 可靠 效率 支援 夥伴 網絡 每日 季節 運能 經驗 專業 流程 系統 檢查 程序 稽核 紀錄 改善 提供 管理 協調 確保 ' +
  '我們 持續 推動 全面 提升 整合 國際 在地 創新 永續 發展 年度 計畫 目標 成果'
).split(' ');

function sentence(r, locale, words) {
  if (locale === 'en') {
    const w = Array.from({ length: words }, () => EN[(r() * EN.length) | 0]);
    if (r() < 0.3) w[(r() * words) | 0] = `**${EN[(r() * EN.length) | 0]}**`;
    if (r() < 0.15) w[(r() * words) | 0] = `[${EN[(r() * EN.length) | 0]}](/en/about/about-company/)`;
    return cap(w.join(' ')) + '.';
  }
  let s = '';
  while (s.length < words * 2) s += ZH[(r() * ZH.length) | 0];
  if (r() < 0.3) s = s.slice(0, 4) + `**${ZH[(r() * ZH.length) | 0]}**` + s.slice(4);
  if (r() < 0.15) s += `[${ZH[(r() * ZH.length) | 0]}](/about/about-company/)`;
  return s + '。';
}
const para = (r, locale, n) =>
  Array.from({ length: n }, () => sentence(r, locale, 8 + ((r() * 8) | 0))).join(locale === 'en' ? ' ' : '');

function body(seed, locale) {
  const r = rng(seed + locale);
  const en = locale === 'en';
  const size = (s) =>
    en ? s.split(/\s+/).filter((w) => /\w/.test(w)).length : (s.match(/[\u4e00-\u9fff]/g) || []).length;
  const target = en ? 500 : 800;
  const blocks = [];
  let n = 0;
  const push = (b) => {
    blocks.push(b);
    n += size(b);
  };
  push(para(r, locale, 4));
  let k = 0;
  while (n < target) {
    const kind = k % 4;
    push(
      `${kind === 2 ? '###' : '##'} ${en ? cap(EN[(r() * EN.length) | 0]) + ' ' + EN[(r() * EN.length) | 0] : ZH[(r() * ZH.length) | 0] + ZH[(r() * ZH.length) | 0]}`,
    );
    push(para(r, locale, 3));
    if (kind === 0) push(Array.from({ length: 5 }, () => `- ${sentence(r, locale, 6)}`).join('\n'));
    if (kind === 1) {
      const hdr = en ? ['Item', 'Unit', 'Volume', 'Note'] : ['項目', '單位', '數量', '備註'];
      const rows = Array.from(
        { length: 5 },
        (_, i) =>
          `| ${en ? EN[(r() * EN.length) | 0] : ZH[(r() * ZH.length) | 0]} | ${i + 1} | ${((r() * 9000) | 0) + 100} | ${en ? EN[(r() * EN.length) | 0] : ZH[(r() * ZH.length) | 0]} |`,
      );
      push([`| ${hdr.join(' | ')} |`, '| --- | ---: | ---: | --- |', ...rows].join('\n'));
    }
    if (kind === 2) push(Array.from({ length: 4 }, (_, i) => `${i + 1}. ${sentence(r, locale, 7)}`).join('\n'));
    k++;
  }
  return blocks.join('\n\n') + '\n';
}

// ---------------------------------------------------------------- site data (nav, side nav)
const locales = [
  { code: 'zh-Hant', prefix: '', hreflang: 'zh-Hant', label: '中文', siteName: '範例地勤股份有限公司' },
  { code: 'en', prefix: '/en', hreflang: 'en', label: 'English', siteName: 'Example Ground Services' },
];
const url = (loc, route) => `${loc.prefix}/${route ? route + '/' : ''}`;
const byRoute = new Map(pages.map((p) => [p.route, p]));
const site = { baseURL: 'https://example.com', defaultLocale: 'zh-Hant', locales, nav: {}, side: {}, footer: {} };
for (const loc of locales) {
  const link = (route) => ({ title: title(byRoute.get(route).slug, loc.code), url: url(loc, route) });
  // header nav: 9 top entries + 29 children + 4 section landing duplicates = ~40 links
  site.nav[loc.code] = [
    { ...link(''), children: [] },
    {
      title: title('about', loc.code),
      url: url(loc, 'about/about-company'),
      children: groups.about.map((s) => link(`about/${s}`)),
    },
    {
      title: title('services', loc.code),
      url: url(loc, 'services/service-ramp'),
      children: groups.services.map((s) => link(`services/${s}`)),
    },
    {
      title: title('strengths', loc.code),
      url: url(loc, 'strengths/strengths-quality'),
      children: groups.strengths.map((s) => link(`strengths/${s}`)),
    },
    { ...link('news'), children: [] },
    { ...link('jobs'), children: groups.jobs.map((s) => link(`jobs/${s}`)) },
    { ...link('customers'), children: [] },
    { ...link('procurement'), children: [] },
    { ...link('contact'), children: [] },
  ];
  // side nav per section; news lists the section page plus the 20 first articles (bounded for scaled sites)
  site.side[loc.code] = {
    top: ['', 'contact', 'customers', 'procurement', 'news', 'jobs'].map(link),
    about: groups.about.map((s) => link(`about/${s}`)),
    jobs: ['jobs', ...groups.jobs.map((s) => `jobs/${s}`)].map(link),
    services: groups.services.map((s) => link(`services/${s}`)),
    strengths: [
      ...groups.strengths.map((s) => `strengths/${s}`),
      ...[1, 2, 3, 4, 5].map((i) => `strengths/homemade-equipment/eq${i}`),
    ].map(link),
    news: [
      'news',
      ...pages
        .filter((p) => p.news !== undefined)
        .slice(0, 20)
        .map((p) => p.route),
    ].map(link),
  };
  site.footer[loc.code] =
    loc.code === 'en'
      ? '© 2024 Example Ground Services Co., Ltd. All rights reserved.'
      : '© 2024 範例地勤股份有限公司 版權所有';
}

// ---------------------------------------------------------------- write
const q = (s) => JSON.stringify(s); // JSON strings are valid YAML double-quoted scalars
fs.rmSync(out, { recursive: true, force: true });
let files = 0;
for (const loc of locales) {
  for (const p of pages) {
    const seed = p.news !== undefined ? baseNews[p.news % baseNews.length] : p.route; // scaled news repeat the base articles
    const t = title(p.slug, loc.code);
    const desc =
      loc.code === 'en'
        ? `${t} - ${loc.siteName}: ground handling services, quality and safety.`
        : `${t} - ${loc.siteName}：地勤服務、品質與安全。`;
    let fm = `---\ntitle: ${q(t)}\ndescription: ${q(desc)}\n`;
    if (p.news !== undefined) {
      const d = new Date(Date.UTC(2024, 11, 31) - p.news * 86400000);
      fm += `date: ${d.toISOString().slice(0, 10)}\n`;
    }
    fm += '---\n\n';
    const f = path.join(out, loc.code, p.file);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, fm + body(seed, loc.code));
    files++;
  }
}
fs.mkdirSync(path.join(out, 'data'), { recursive: true });
fs.writeFileSync(path.join(out, 'data', 'site.json'), JSON.stringify(site, null, 1));
console.log(`wrote ${files} pages (${perLocale} per locale) to ${out}`);

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listOutput } from '../helpers/build-output.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';

// The stations' map is drawn when the site is built, from real coastlines, with each station at
// its airport (behaviour.md: Presentation). Read from the real site as the run built it once.

const out = () => inject('builtSite').out;
const text = (file: string): string => {
  if (!existsSync(path.join(out(), file))) throw new Error(`no file ${file} in the output`);
  return readFileSync(path.join(out(), file), 'utf8');
};
const htmlOf = (url: string) => text(`${url.slice(1)}/index.html`);

/** The airports, from their published positions (degrees): the test's own source of truth. */
const AIRPORTS = {
  TPE: { lat: 25.0777, lon: 121.2328 },
  TSA: { lat: 25.0694, lon: 121.5525 },
  RMQ: { lat: 24.2647, lon: 120.6208 },
  KHH: { lat: 22.5771, lon: 120.35 },
} as const;
type Code = keyof typeof AIRPORTS;

interface Marker {
  readonly code: Code;
  readonly number: number;
  readonly hq: boolean;
  readonly x: number;
  readonly y: number;
}

/** Each station's group: its code, number and the centre of its first circle. */
function markersOf(svg: string): Marker[] {
  return [...svg.matchAll(/<g class="station" data-code="(\w+)" data-number="(\d+)"( data-hq="")?>(.*?)<\/g>/gs)].map(
    (m) => {
      const circle = /<circle cx="([\d.]+)" cy="([\d.]+)"/.exec(m[4] ?? '');
      return {
        code: m[1] as Code,
        number: Number(m[2]),
        hq: Boolean(m[3]),
        x: Number(circle?.[1]),
        y: Number(circle?.[2]),
      };
    },
  );
}

/** The bounding box of Taiwan's outline (the path's absolute coordinates). */
function outlineBox(svg: string) {
  const d = /<path id="taiwan" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const numbers = [...d.matchAll(/-?[\d.]+/g)].map((m) => Number(m[0]));
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const ys = numbers.filter((_, i) => i % 2 === 1);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** Great-circle distance in kilometres. */
function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The front matter's station list: code → map number. */
function numbersOf(html: string): Record<string, number> {
  const list = [
    ...html
      .replaceAll('<!-- -->', '')
      .matchAll(
        /<span class="station__number" aria-hidden="true">(\d+)<\/span>.*?<span class="station__code">(\w+)<\/span>/g,
      ),
  ];
  return Object.fromEntries(list.map((m) => [m[2], Number(m[1])]));
}

const PAGES = [
  { url: '/contact', locale: 'zhHant' },
  { url: '/about/about-location', locale: 'zhHant' },
  { url: '/en/contact', locale: 'en' },
  { url: '/en/about/about-location', locale: 'en' },
] as const;

describe('the station map', () => {
  it.each(PAGES)('$url shows the map of its language, published at the URL it names', ({ url, locale }) => {
    const html = htmlOf(url);
    const src = /<figure class="stations__map"><img src="([^"]+)" alt="([^"]+)"/.exec(html);
    expect(src?.[1]).toBe(`/images/stations-map.${locale}.svg`);
    const svg = text(src?.[1]?.slice(1) ?? '');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 600"/);
    expect(svg).toMatch(/<title>[^<]+<\/title>/);
    // The alt text, the map and the list on the page name the same stations with the same numbers.
    const alt = src?.[2] ?? '';
    const names =
      locale === 'en' ? ['Taoyuan', 'Kaohsiung', 'Taipei Songshan', 'Taichung'] : ['桃園', '高雄', '臺北松山', '臺中'];
    for (const name of names) {
      expect(alt).toContain(name);
      expect(svg).toContain(`>${name}</tspan>`);
    }
    const markers = markersOf(svg);
    expect(Object.fromEntries(markers.map((m) => [m.code, m.number]))).toEqual(numbersOf(html));
    expect(markers.filter((m) => m.hq).map((m) => m.code)).toEqual(['TPE']);
  });

  it('writes every text at least 12 px high where the picture is shown at its widest', () => {
    // The picture scales with its width: at most the stylesheet's max-width, 400 units wide.
    const css = readFileSync(path.join(REPO_ROOT, 'site/templates/components/Stations.css'), 'utf8');
    const rem = Number(/\.stations__map img \{[^}]*max-width: ([\d.]+)rem/.exec(css)?.[1]);
    expect(rem).toBeGreaterThan(0);
    const scale = (rem * 16) / 400;
    for (const locale of ['zhHant', 'en']) {
      const sizes = [...text(`images/stations-map.${locale}.svg`).matchAll(/font-size="([\d.]+)"/g)].map((m) =>
        Number(m[1]),
      );
      expect(sizes.length).toBeGreaterThan(8);
      for (const size of sizes) expect(size * scale, locale).toBeGreaterThanOrEqual(12);
    }
  });

  it('has no script and nothing the pages load besides the picture itself', () => {
    for (const locale of ['zhHant', 'en']) {
      const svg = text(`images/stations-map.${locale}.svg`);
      expect(svg).not.toMatch(/<script|on\w+=|href="(?!#)/i);
      expect(Buffer.byteLength(svg)).toBeLessThan(20_000);
    }
    // The modules that drew it are not published.
    expect(listOutput(out()).filter((f) => f.startsWith('images/stations-map'))).toEqual([
      'images/stations-map.en.svg',
      'images/stations-map.zhHant.svg',
    ]);
  });

  it('puts each station where its airport is, relative to the others and inside the island', () => {
    const svg = text('images/stations-map.en.svg');
    const markers = new Map(markersOf(svg).map((m) => [m.code, m]));
    const at = (code: Code) => markers.get(code) as Marker;
    expect([...markers.keys()].sort()).toEqual(['KHH', 'RMQ', 'TPE', 'TSA']);
    // Songshan lies east of Taoyuan at about the same latitude; Kaohsiung is the southernmost.
    expect(at('TSA').x).toBeGreaterThan(at('TPE').x);
    expect(Math.abs(at('TSA').y - at('TPE').y)).toBeLessThan(3);
    expect(at('RMQ').y).toBeGreaterThan(at('TPE').y);
    expect(Math.max(...[...markers.values()].map((m) => m.y))).toBe(at('KHH').y);
    const box = outlineBox(svg);
    for (const m of markers.values()) {
      expect(m.x, m.code).toBeGreaterThan(box.left);
      expect(m.x, m.code).toBeLessThan(box.right);
      expect(m.y, m.code).toBeGreaterThan(box.top);
      expect(m.y, m.code).toBeLessThan(box.bottom);
    }
    // One scale for every pair, and the bearings of the earth: the map is true to the geography.
    const pairs: [Code, Code][] = [
      ['TPE', 'KHH'],
      ['TPE', 'TSA'],
      ['TPE', 'RMQ'],
      ['RMQ', 'KHH'],
      ['TSA', 'KHH'],
    ];
    const scales = pairs.map(
      ([a, b]) => Math.hypot(at(b).x - at(a).x, at(b).y - at(a).y) / km(AIRPORTS[a], AIRPORTS[b]),
    );
    for (const scale of scales) expect(scale / (scales[0] as number)).toBeCloseTo(1, 1);
    for (const [a, b] of pairs) {
      const north = (AIRPORTS[b].lat - AIRPORTS[a].lat) * 111.2;
      const east =
        (AIRPORTS[b].lon - AIRPORTS[a].lon) *
        111.2 *
        Math.cos(((AIRPORTS[a].lat + AIRPORTS[b].lat) / 2) * (Math.PI / 180));
      const bearing = Math.atan2(east, north);
      const drawn = Math.atan2(at(b).x - at(a).x, -(at(b).y - at(a).y));
      expect(Math.abs(drawn - bearing), `${a}→${b}`).toBeLessThan((3 * Math.PI) / 180);
    }
  });

  it("keeps the numbered markers apart, Songshan's joined to its airport by a line", () => {
    for (const locale of ['en', 'zhHant']) {
      const svg = text(`images/stations-map.${locale}.svg`);
      // Each numbered marker: the last circle of its group, with its radius, and a ring's 5 units more.
      const discs = [...svg.matchAll(/<g class="station" data-code="(\w+)"[^>]*?( data-hq="")?>(.*?)<\/g>/gs)].map(
        (m) => {
          const circles = [...(m[3] ?? '').matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)];
          const [, x, y, r] = circles.at(-1) ?? [];
          return { code: m[1] ?? '', x: Number(x), y: Number(y), r: Number(r) + (m[2] ? 5 : 0) };
        },
      );
      expect(discs).toHaveLength(4);
      for (const a of discs)
        for (const b of discs)
          if (a.code < b.code)
            expect(Math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r, `${a.code}–${b.code}`).toBeGreaterThanOrEqual(8);
    }
  });

  it('keeps every station’s label inside the picture, clear of its edges, in both languages', () => {
    // A generous width: a Chinese character one em, any other 0.6 em of its size.
    const width = (s: string, size: number) =>
      [...s].reduce((w, c) => w + (/[\u4e00-\u9fff]/.test(c) ? 1 : 0.6), 0) * size;
    for (const locale of ['en', 'zhHant']) {
      const svg = text(`images/stations-map.${locale}.svg`);
      const labels = [
        ...svg.matchAll(
          /<text x="([\d.]+)" y="([\d.]+)" text-anchor="(start|end)"[^>]*><tspan font-size="([\d.]+)"[^>]*>([^<]+)<\/tspan><tspan[^>]*font-size="([\d.]+)"[^>]*>([^<]+)<\/tspan>/g,
        ),
      ];
      expect(labels, locale).toHaveLength(4);
      for (const [, x, y, anchor, nameSize, name = '', subSize, sub = ''] of labels) {
        const w = Math.max(width(name, Number(nameSize)), width(sub, Number(subSize)));
        const left = anchor === 'end' ? Number(x) - w : Number(x);
        expect(left, `${locale} ${name}`).toBeGreaterThanOrEqual(16);
        expect(left + w, `${locale} ${name}`).toBeLessThanOrEqual(400 - 16);
        expect(Number(y) - Number(nameSize), `${locale} ${name}`).toBeGreaterThanOrEqual(16);
        expect(Number(y) + 1.5 * Number(subSize), `${locale} ${name}`).toBeLessThanOrEqual(600 - 16);
      }
    }
  });

  it('draws Taiwan at a size that fills the picture, with Penghu and the outlying islands', () => {
    const svg = text('images/stations-map.zhHant.svg');
    const box = outlineBox(svg);
    expect(box.bottom - box.top).toBeGreaterThan(450);
    expect(box.left).toBeGreaterThan(0);
    expect(box.bottom).toBeLessThan(600);
    // Natural Earth 1:10m has Penghu and Orchid Island: more than one ring.
    const rings = (/<path id="taiwan" d="([^"]+)"/.exec(svg)?.[1] ?? '').match(/M/g) ?? [];
    expect(rings.length).toBeGreaterThan(3);
  });
});

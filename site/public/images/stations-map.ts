import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  geoGraticule,
  geoPath,
  geoTransverseMercator,
  type ExtendedFeature,
  type ExtendedFeatureCollection,
  type GeoPermissibleObjects,
  type GeoProjection,
} from 'd3-geo';
import { feature } from 'topojson-client';
import config from '../../site.config.ts';

// The stations' map, drawn when the site is built from Natural Earth's coastlines (the 1:10m
// countries of `world-atlas`): the stations sit at their airports' coordinates, so the map cannot
// drift from the geography (behaviour.md: Presentation). This file is a helper of the two
// `stations-map.*.svg.ts` modules beside it, one per language.

/** A station: its map number (front matter `mapNumber`), its airport's position in degrees. */
export interface Station {
  readonly code: StationCode;
  readonly number: number;
  readonly lat: number;
  readonly lon: number;
  readonly hq?: boolean;
  /** Where the label's first line starts, from the marker's centre, and which way it runs. */
  readonly label: {
    readonly dx: number;
    readonly dy: number;
    readonly anchor: 'start' | 'end';
  };
  /**
   * How far the numbered marker is drawn from the airport, which a dot marks, joined to it by a
   * leader line: the two Taipei airports, 30 km apart, each out in the sea off the north coast,
   * Taoyuan's to the west and Songshan's to the east, so that neither marker nor label crowds the other.
   */
  readonly marker?: { readonly dx: number; readonly dy: number };
}

export type StationCode = 'TPE' | 'TSA' | 'RMQ' | 'KHH';

/** The texts of one language. */
export interface MapTexts {
  /** BCP 47 tag of the texts: picks the Chinese or the Latin faces first. */
  readonly lang: string;
  readonly title: string;
  readonly names: Readonly<Record<StationCode, string>>;
  readonly hq: string;
  readonly kilometres: string;
  /** The names of the sea west and east of the island. */
  readonly seas: { readonly strait: readonly string[]; readonly ocean: readonly string[] };
}

// Numbered by size, as the pages list them (largest first); Taoyuan lies a kilometre north of Songshan.
export const STATIONS: readonly Station[] = [
  {
    code: 'TPE',
    number: 1,
    lat: 25.0777,
    lon: 121.2328,
    hq: true,
    label: { dx: -28, dy: -4, anchor: 'end' },
    marker: { dx: -54, dy: -46 },
  },
  { code: 'KHH', number: 2, lat: 22.5771, lon: 120.35, label: { dx: -21, dy: 0, anchor: 'end' } },
  {
    code: 'TSA',
    number: 3,
    lat: 25.0694,
    lon: 121.5525,
    label: { dx: 16, dy: -46, anchor: 'end' },
    marker: { dx: 30, dy: -54 },
  },
  { code: 'RMQ', number: 4, lat: 24.2647, lon: 120.6208, label: { dx: -21, dy: 0, anchor: 'end' } },
];

/** The picture's size: the pages reserve 400 × 600 for it. */
export const WIDTH = 400;
export const HEIGHT = 600;

/** How far every label keeps from the picture's edges, in both languages. */
export const LABEL_MARGIN = 16;
const NAME_SIZE = 22;
const SUB_SIZE = 18;
const SEA_SIZE = 17;

/**
 * A generous estimate of a text's width in bold at `size`: a Chinese character is one em wide,
 * any other character at most 0.62 em in the faces the map names.
 */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const char of text) em += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(char) ? 1 : 0.62;
  return em * size;
}

/**
 * Where a label's lines start: `dx`, `dy` from the marker, moved as little as needed to keep the
 * whole label (its name and the line below) `LABEL_MARGIN` inside the picture.
 */
function placeLabel(x: number, y: number, label: Station['label'], lines: readonly [string, string]) {
  const width = Math.max(textWidth(lines[0], NAME_SIZE), textWidth(lines[1], SUB_SIZE));
  const lx = x + label.dx;
  const left = label.anchor === 'end' ? lx - width : lx;
  const right = left + width;
  const ly = y + label.dy;
  const top = ly - NAME_SIZE;
  const bottom = ly + SUB_SIZE * 1.2 + SUB_SIZE * 0.3;
  const min = LABEL_MARGIN;
  const [maxX, maxY] = [WIDTH - LABEL_MARGIN, HEIGHT - LABEL_MARGIN];
  return {
    lx: round(lx + Math.max(0, min - left) - Math.max(0, right - maxX)),
    ly: round(ly + Math.max(0, min - top) - Math.max(0, bottom - maxY)),
  };
}

// Natural Earth's ids (ISO 3166 numeric): Taiwan, and the mainland whose Fujian coast is shown
// faintly (no other land falls inside the frame).
const TAIWAN = '158';
const NEIGHBOURS = ['156'];

// The part of the earth the picture shows: Penghu to the east coast, and open sea north of the
// island for the markers and labels of the two Taipei airports; a little of the Fujian coast at
// the top left gives the orientation.
const FRAME = { west: 119.05, east: 122.28, south: 21.8, north: 26.05 };

// Where the names of the sea are written (degrees): the strait between Penghu and the west coast's
// north, the ocean off the east coast between Hualien and Orchid Island.
const SEAS = { strait: [119.6, 24.75], ocean: [121.93, 23.1] } as const;

// The colours of site/templates/styles/tokens.css; the stations take the theme's primary colour.
const COLOURS = {
  sea: '#e8f1fb',
  land: '#ffffff',
  coast: '#5b6573',
  neighbour: '#f3f6fa',
  grid: '#d5dde8',
  text: '#0f2740',
  muted: '#4a5565',
  station: config.theme.primary,
};

const FONTS = {
  latin: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial",
  tc: "'Noto Sans TC', 'Noto Sans CJK TC', 'Source Han Sans TC', 'PingFang TC', 'Microsoft JhengHei'",
};

type Topology = Parameters<typeof feature>[0];
interface Collection {
  readonly type: 'GeometryCollection';
  readonly geometries: readonly { readonly id?: string | number }[];
}

/**
 * The land and graticule drawn before in this process, by atlas file: the two languages' maps are
 * two modules run one after the other (and again when the configuration changes while `site serve
 * --watch` runs), and their geography is the same; only the labels differ. Reading the atlas (3.6 MB
 * of JSON) and drawing the coasts are nearly all of a map's time.
 */
const DRAWN = Symbol.for('cloudwing.stations-map.geography');

interface Geography {
  readonly graticule: string;
  readonly neighbours: string;
  readonly taiwan: string;
}

/**
 * The countries of the given ids from Natural Earth 1:10m (the coarser files lose Penghu and the
 * shape of the coast at this size); only those are decoded, the file holds the whole world.
 */
function readCountries(file: string, ids: readonly string[]): readonly ExtendedFeature[] {
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology;
  const countries = topology.objects.countries as unknown as Collection;
  const wanted = { ...countries, geometries: countries.geometries.filter((g) => ids.includes(String(g.id))) };
  return (feature(topology, wanted as Parameters<typeof feature>[1]) as unknown as ExtendedFeatureCollection).features;
}

/** Taiwan, the neighbouring coast and the graticule as path data, drawn once per process. */
function drawGeography(): Geography {
  const file = createRequire(import.meta.url).resolve('world-atlas/countries-10m.json');
  const store = ((globalThis as { [DRAWN]?: Map<string, Geography> })[DRAWN] ??= new Map());
  const key = `${file}\0${JSON.stringify(FRAME)}`;
  const known = store.get(key);
  if (known) return known;
  const countries = readCountries(file, [TAIWAN, ...NEIGHBOURS]);
  const path = geoPath(toProjection()).digits(1);
  const taiwan = countries.find((f) => String(f.id) === TAIWAN);
  if (!taiwan) throw new Error(`Natural Earth has no Taiwan (id ${TAIWAN})`);
  const drawn = {
    graticule: path(geoGraticule().step([1, 1])()) ?? '',
    neighbours: countries
      .filter((f) => f !== taiwan)
      .map((f) => path(f))
      .filter(Boolean)
      .join(''),
    taiwan: path(taiwan) ?? '',
  };
  store.set(key, drawn);
  return drawn;
}

/**
 * Transverse Mercator on 121° E, the central meridian of Taiwan's own grid (TWD97): true shapes,
 * north up, fitted to the frame.
 */
export function toProjection(): GeoProjection {
  const { west, east, south, north } = FRAME;
  const corners: GeoPermissibleObjects = {
    type: 'MultiPoint',
    coordinates: [
      [west, south],
      [west, north],
      [east, south],
      [east, north],
    ],
  };
  return geoTransverseMercator()
    .rotate([-121, 0])
    .fitExtent(
      [
        [0, 0],
        [WIDTH, HEIGHT],
      ],
      corners,
    )
    .clipExtent([
      [0, 0],
      [WIDTH, HEIGHT],
    ]);
}

const round = (n: number) => Math.round(n * 10) / 10;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A scale bar of `km` kilometres at the island's centre, its length from the projection. */
function drawScaleBar(projection: GeoProjection, km: number, unit: string): string {
  const from = projection([121, 23.5]);
  const to = projection([121, 23.5 + km / 111.2]);
  if (!from || !to) return '';
  const length = round(Math.hypot(to[0] - from[0], to[1] - from[1]));
  // Bottom left, in the open strait: the bottom right holds Orchid Island.
  const x = 24;
  const y = HEIGHT - 28;
  return [
    `<g fill="none" stroke="${COLOURS.muted}" stroke-width="2">`,
    `<path d="M${x} ${y - 6}V${y}H${round(x + length)}V${y - 6}"/>`,
    `</g>`,
    `<text x="${round(x + length / 2)}" y="${y - 10}" text-anchor="middle" font-size="17" fill="${COLOURS.muted}">${km} ${escapeText(unit)}</text>`,
  ].join('');
}

/** A station's marker with its number, and its label beside it; Taoyuan's marker is ringed. */
function drawStation(projection: GeoProjection, station: Station, texts: MapTexts): string {
  const at = projection([station.lon, station.lat]);
  if (!at) return '';
  const [ax, ay] = [round(at[0]), round(at[1])];
  const [x, y] = [round(ax + (station.marker?.dx ?? 0)), round(ay + (station.marker?.dy ?? 0))];
  const r = station.hq ? 15 : 13;
  const { anchor } = station.label;
  const separator = texts.lang.startsWith('zh') ? ' ' : ' · ';
  const subText = station.hq ? `${station.code}${separator}${texts.hq}` : station.code;
  const { lx, ly } = placeLabel(x, y, station.label, [texts.names[station.code], subText]);
  const name = escapeText(texts.names[station.code]);
  const sub = escapeText(subText);
  return [
    `<g class="station" data-code="${station.code}" data-number="${station.number}"${station.hq ? ' data-hq=""' : ''}>`,
    // The airport itself first, where its marker is drawn away from it, joined to it by a leader.
    station.marker
      ? `<circle cx="${ax}" cy="${ay}" r="5" fill="${COLOURS.station}" stroke="#fff" stroke-width="1.5"/><path d="M${ax} ${ay}L${x} ${y}" stroke="${COLOURS.station}" stroke-width="2"/>`
      : '',
    station.hq
      ? `<circle cx="${x}" cy="${y}" r="${r + 5}" fill="none" stroke="${COLOURS.station}" stroke-width="2.5"/>`
      : '',
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${COLOURS.station}" stroke="#fff" stroke-width="2.5"/>`,
    `<text x="${x}" y="${y}" dy="0.35em" text-anchor="middle" font-size="17" font-weight="700" fill="#fff">${station.number}</text>`,
    `<text x="${lx}" y="${ly}" text-anchor="${anchor}" paint-order="stroke" stroke="${COLOURS.sea}" stroke-width="5" stroke-linejoin="round">`,
    `<tspan font-size="${NAME_SIZE}" font-weight="700" fill="${COLOURS.text}">${name}</tspan>`,
    `<tspan x="${lx}" dy="1.2em" font-size="${SUB_SIZE}" fill="${COLOURS.muted}">${sub}</tspan>`,
    `</text>`,
    `</g>`,
  ].join('');
}

/** The names of the sea, each centred on its place, one line under another, in the muted colour. */
function drawSeaNames(projection: GeoProjection, texts: MapTexts): string {
  const italic = texts.lang.startsWith('zh') ? '' : ' font-style="italic"';
  return (['strait', 'ocean'] as const)
    .map((sea) => {
      const at = projection([...SEAS[sea]]);
      if (!at) return '';
      const lines = texts.seas[sea];
      const top = round(at[1] - ((lines.length - 1) * SEA_SIZE * 1.2) / 2);
      const spans = lines.map(
        (line, i) => `<tspan x="${round(at[0])}" dy="${i === 0 ? 0 : '1.2em'}">${escapeText(line)}</tspan>`,
      );
      return `<text x="${round(at[0])}" y="${top}" text-anchor="middle" font-size="${SEA_SIZE}"${italic} letter-spacing="0.05em" fill="${COLOURS.muted}">${spans.join('')}</text>`;
    })
    .join('');
}

/** The whole map as SVG text: sea, graticule, neighbouring coast, Taiwan, scale, stations. */
export function drawStationsMap(texts: MapTexts): string {
  const projection = toProjection();
  const { graticule, neighbours, taiwan } = drawGeography();
  const fonts = texts.lang.startsWith('zh') ? `${FONTS.tc}, ${FONTS.latin}` : `${FONTS.latin}, ${FONTS.tc}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" lang="${texts.lang}">`,
    `<title>${escapeText(texts.title)}</title>`,
    `<clipPath id="frame"><rect width="${WIDTH}" height="${HEIGHT}" rx="12"/></clipPath>`,
    `<g clip-path="url(#frame)">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${COLOURS.sea}"/>`,
    graticule ? `<path d="${graticule}" fill="none" stroke="${COLOURS.grid}" stroke-width="1"/>` : '',
    neighbours ? `<path d="${neighbours}" fill="${COLOURS.neighbour}" stroke="${COLOURS.grid}" stroke-width="1"/>` : '',
    // The coast's shallows, a band of the stations' blue under the land, then the land itself.
    `<defs><path id="taiwan" d="${taiwan}"/></defs>`,
    `<use href="#taiwan" fill="none" stroke="${COLOURS.station}" stroke-opacity="0.16" stroke-width="10" stroke-linejoin="round"/>`,
    `<use href="#taiwan" fill="${COLOURS.land}" stroke="${COLOURS.coast}" stroke-width="1.4" stroke-linejoin="round"/>`,
    `</g>`,
    `<g font-family="${fonts.replace(/"/g, '')}">`,
    drawSeaNames(projection, texts),
    drawScaleBar(projection, 50, texts.kilometres),
    ...STATIONS.map((s) => drawStation(projection, s, texts)),
    `</g>`,
    `</svg>`,
    '',
  ].join('\n');
}

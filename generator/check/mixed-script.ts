import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toProblem } from '../problems/problem.ts';
import type { Route, SiteConfig, SiteProblem } from '../types.ts';
import { GLOSSARY_FILE, toLocaleFiles } from './glossary.ts';

// docs/glossary.md: Chinese and Latin in one text, in the Chinese content and message files.

/** A number or a Latin word right against Chinese, or against a link whose text ends or starts with it. */
const UNSPACED = [
  /\p{Script=Han}(?=[A-Za-z0-9])/gu,
  /[A-Za-z0-9](?=\p{Script=Han})/gu,
  // `[營運控制中心](/contact)24 小時`: the link's text ends in Chinese, a number follows the link.
  /\p{Script=Han}\]\([^()\s]*\)(?=[A-Za-z0-9])/gu,
  /[A-Za-z0-9]\]\([^()\s]*\)(?=\p{Script=Han})/gu,
  /\p{Script=Han}\[(?=[A-Za-z0-9])/gu,
  /[A-Za-z0-9]\[(?=\p{Script=Han})/gu,
];

/** The configuration's station codes (else any three capitals) in half-width parentheses. */
function toHalfWidthCodes(config: SiteConfig): RegExp {
  const codes = config.organization?.stations.map((s) => s.iataCode) ?? [];
  return new RegExp(`\\((?:${codes.length > 0 ? codes.join('|') : '[A-Z]{3}'})\\)`, 'g');
}

/** In Chinese files: a number or Latin word touching Chinese (`2025年`), a station code in half-width `(TPE)`. */
export function checkMixedScript(config: SiteConfig, routes: readonly Route[]): SiteProblem[] {
  const halfWidth = toHalfWidthCodes(config);
  return config.locales
    .filter((locale) => locale.iso.startsWith('zh'))
    .flatMap((locale) => toLocaleFiles(config, routes, locale.code))
    .flatMap((file) => {
      const lines = readFileSync(path.join(config.root, file), 'utf8').split('\n');
      return lines.flatMap((line, i) => {
        // Front matter's own lines (`---`, a key with no text) and code need no check.
        if (!/\p{Script=Han}/u.test(line) || line.startsWith('    ') || line.startsWith('```')) return [];
        const at = (code: 'MIXED_SCRIPT_SPACE' | 'STATION_CODE_WIDTH', index: number, found: string) => {
          const loc = { file, line: i + 1, column: [...line.slice(0, index)].length + 1 };
          return toProblem(code, { found, glossary: GLOSSARY_FILE }, loc);
        };
        const unspaced = UNSPACED.flatMap((pattern) => [...line.matchAll(pattern)]).map((m) => {
          const index = m.index + m[0].length;
          return at('MIXED_SCRIPT_SPACE', index - 1, [...line.slice(Math.max(0, m.index - 3), index + 3)].join(''));
        });
        const parens = [...line.matchAll(halfWidth)].map((m) => at('STATION_CODE_WIDTH', m.index, m[0]));
        return [...unspaced, ...parens];
      });
    });
}

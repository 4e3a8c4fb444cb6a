import { toConflictProblem } from '../conflicts.ts';
import { findFileCharacter, findFrontMatterCharacter } from './characters.ts';
import { toRouteAndLocale } from './file-names.ts';
import { validateFrontMatter } from './front-matter-fields.ts';
import { parseFrontMatter } from './front-matter.ts';
import { FILE_LIMIT, checkBodySize, toTooLarge } from './limits.ts';
import type { ContentFile, SiteConfig, SiteProblem } from '../types.ts';

// Its own module: a build whose files all come from the content cache never loads the parsers.

export interface ParsedContent {
  readonly file: ContentFile | null;
  readonly problems: SiteProblem[];
}

export function toContentFile(config: SiteConfig, file: string, text: string): ParsedContent {
  const named = toRouteAndLocale(config, file);
  const problems: SiteProblem[] = 'problem' in named ? [named.problem] : [];
  const size = Buffer.byteLength(text, 'utf8');
  if (size > FILE_LIMIT) return { file: null, problems: [...problems, toTooLarge(file, 'content file', size)] };
  const refused = toConflictProblem(file, text) ?? findFileCharacter(file, text);
  if (refused) return { file: null, problems: [...problems, refused] };
  const parsed = parseFrontMatter(file, text);
  if ('problem' in parsed) return { file: null, problems: [...problems, parsed.problem] };
  const escaped = findFrontMatterCharacter(file, text, parsed.data, parsed.keyLines);
  if (escaped) problems.push(escaped);
  const { data, problems: invalid } = validateFrontMatter(file, parsed.data, parsed.keyLines, config);
  problems.push(...invalid, ...parsed.problems, ...checkBodySize(file, parsed.body, parsed.bodyLine));
  if (!data || 'problem' in named || problems.some((p) => p.severity === 'error')) return { file: null, problems };
  return {
    file: {
      file,
      path: named.path,
      locale: named.locale,
      data,
      body: parsed.body,
      bodyLine: parsed.bodyLine,
      keyLines: parsed.keyLines,
      addresses: parsed.addresses,
    },
    problems,
  };
}

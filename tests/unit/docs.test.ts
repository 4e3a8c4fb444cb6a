import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../generator/problems/catalogue.ts';
import { REPO_ROOT } from '../helpers/make-site.ts';

const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

describe('the README keeps up with the code', () => {
  it('lists every error and warning code of the catalogue', () => {
    const missing = ERROR_CODES.filter((code) => !readme.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });

  it('describes every field the configuration validates', async () => {
    const { checkConfig } = await import('../../generator/config-check.ts');
    // An empty object fails every top-level field: each must have a row in the reference.
    const fields = new Set(checkConfig({}, '').problems.map((p) => (p.code === 'CONFIG_INVALID' ? p.args.field : '')));
    const reference = readme.slice(readme.indexOf('## Configuration reference'));
    for (const field of fields) expect(reference, field).toContain(`\`${field}`);
  });
});

import { describe, expect, it } from 'vitest';
import { checkConfig } from '../../generator/config-check.ts';
import { CONTENT_SECURITY_POLICY, toContentSecurityPolicy } from '../../generator/hosts.ts';

/** The fields of `security` and `scripts` refused, each with its line (the missing required fields aside). */
function problemsOf(lines: string[], input: Record<string, unknown>) {
  const source = ['export default {', ...lines, '};'].join('\n');
  return checkConfig(input, source)
    .problems.map((p) => [(p.args as { field?: string }).field ?? '', p.loc?.line] as const)
    .filter(([field]) => /^(security|scripts)/.test(field));
}

describe('the policy (behaviour.md: Security policy)', () => {
  it('a site that adds nothing has the policy it always had', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
        "font-src 'self'; connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; " +
        "form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('adds each directive its sources once, a script its origin, an embed its player', () => {
    const policy = toContentSecurityPolicy({
      security: {
        scriptSrc: ['https://plausible.io'],
        formAction: ['https://forms.example.com'],
        mediaSrc: ['https:'],
      },
      scripts: [{ src: 'https://plausible.io/js/script.js' }, { src: '/local.js' }],
      videos: ['vimeo', 'youtube', 'vimeo'],
    });
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' https://plausible.io;");
    expect(policy).toContain("frame-src 'self' https://player.vimeo.com https://www.youtube-nocookie.com;");
    expect(policy).toContain("media-src 'self' https:;");
    expect(policy).toContain("form-action 'self' https://forms.example.com;");
  });

  it('refuses keywords, wildcards and loose schemes, each at its line', () => {
    const lines = [
      '  security: {',
      "    scriptSrc: ['https://plausible.io', \"'unsafe-inline'\"],",
      '    styleSrc: ["\'unsafe-eval\'"],',
      '    imgSrc: [',
      "      'https://*.example.com',",
      "      '*',",
      '    ],',
      "    connectSrc: ['data:', 'http://plausible.io'],",
      "    frameSrc: ['https://player.vimeo.com/video'],",
      "    fontSrc: ['https:'],",
      '  },',
      "  scripts: [{ src: 'javascript:alert(1)', attributes: { onload: 'x()' } }],",
    ];
    const input = {
      security: {
        scriptSrc: ['https://plausible.io', "'unsafe-inline'"],
        styleSrc: ["'unsafe-eval'"],
        imgSrc: ['https://*.example.com', '*'],
        connectSrc: ['data:', 'http://plausible.io'],
        frameSrc: ['https://player.vimeo.com/video'],
        fontSrc: ['https:'],
      },
      scripts: [{ src: 'javascript:alert(1)', attributes: { onload: 'x()' } }],
    };
    expect(problemsOf(lines, input)).toEqual([
      ['security.scriptSrc[1]', 3],
      ['security.connectSrc[0]', 9],
      ['security.connectSrc[1]', 9],
      ['security.imgSrc[1]', 7],
      ['security.frameSrc[0]', 10],
      ['security.styleSrc[0]', 4],
      ['scripts.0.src', 13],
      ['scripts.0.attributes', 13],
    ]);
  });

  it('lets a form post to an e-mail address, and no other scheme but https:', () => {
    const lines = ['  security: {', "    formAction: ['mailto:', 'data:'],", '  },'];
    const input = { security: { formAction: ['mailto:', 'data:'] } };
    expect(problemsOf(lines, input)).toEqual([['security.formAction[1]', 3]]);
    const policy = toContentSecurityPolicy({ security: { formAction: ['mailto:'] }, scripts: [], videos: [] });
    expect(policy).toContain("form-action 'self' mailto:;");
  });

  it('refuses a scheme in scriptSrc, which would allow any script', () => {
    const input = { security: { scriptSrc: ['https:'] } };
    expect(problemsOf(['  security: {', "    scriptSrc: ['https:'],", '  },'], input)).toEqual([
      ['security.scriptSrc[0]', 3],
    ]);
  });
});

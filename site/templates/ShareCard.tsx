import type { ShareCardProps } from '../../generator/types.ts';

/** The width the title may take: the card's 1200 px less its side margins. */
const TITLE_WIDTH = 1040;
/** More of a title than three lines can hold in any script (about 55 Chinese characters, 110 Latin). */
const SHOWN_CHARACTERS = 160;
/** Punctuation a line may end after (and not begin with): a browser breaks there in Chinese text too. */
const CLOSING = /[\s，。、；：！？」』）》〉,.;:!?)]/;

/**
 * A Chinese title's pieces that are never split across lines: its words (where the build found
 * them, `titleBreaks`), each ending at a space or punctuation where a browser would break too.
 */
function toPieces(title: string, breaks: readonly number[]): string[] {
  const cuts = new Set(breaks);
  for (let i = 1; i < title.length; i++) {
    if (CLOSING.test(title[i - 1] as string) && !CLOSING.test(title[i] as string)) cuts.add(i);
  }
  const pieces: string[] = [];
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    pieces.push(title.slice(at, cut));
    at = cut;
  }
  pieces.push(title.slice(at));
  return pieces.filter(Boolean);
}

/** A piece's width in ems: a Chinese character or full-width mark takes one, anything else about half. */
const toEms = (piece: string) =>
  [...piece].reduce((sum, c) => sum + (/[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u.test(c) ? 1 : 0.56), 0);

/** How many lines the pieces take, filled one after another into `width` ems. */
function countLines(widths: readonly number[], width: number): number {
  let lines = 1;
  let used = 0;
  for (const w of widths) {
    if (used > 0 && used + w > width) {
      lines += 1;
      used = 0;
    }
    used += w;
  }
  return lines;
}

/**
 * The narrowest width (in ems, up to `most`) that keeps the pieces on as few lines as the full width
 * does: its lines then come out about equally long, as `text-wrap: balance` makes them.
 */
function toBalancedEms(widths: readonly number[], most: number): number {
  const lines = countLines(widths, most);
  let width = Math.max(...widths, widths.reduce((a, b) => a + b, 0) / lines);
  while (width < most && countLines(widths, width) > lines) width += 0.25;
  return Math.min(width, most);
}

/**
 * The share card of a page (1200 × 630 PNG), drawn at build time by satori: flexbox and inline
 * styles only, no stylesheet, one bold weight. The brand on navy, the page's section as a kicker,
 * its title large, and the company's name and the site's address at the foot. A Chinese title
 * breaks between words only (中心 is never split across lines), in lines of about equal length.
 */
export default function ShareCard({
  title: fullTitle,
  titleBreaks,
  section,
  company,
  brand,
  site,
  logo,
  colors,
}: ShareCardProps) {
  // The card shows three lines of the title at most: a title pasted a page long is laid out only as
  // far as could show (its whole length cost a second per card), and is cut off as before.
  const title = [...fullTitle].slice(0, SHOWN_CHARACTERS).join('');
  const long = [...title].length > 40;
  const fontSize = long ? 56 : 64;
  const pieces = titleBreaks
    ? toPieces(
        title,
        titleBreaks.filter((at) => at < title.length),
      )
    : null;
  // Half an em more than the estimate: a Latin letter's width is only guessed.
  const width = pieces
    ? Math.min(
        TITLE_WIDTH,
        Math.ceil((toBalancedEms(pieces.map(toEms), TITLE_WIDTH / fontSize - 0.5) + 0.5) * fontSize),
      )
    : null;
  return (
    <div
      style={{
        width: 1200,
        height: 630,
        display: 'flex',
        background: colors.navy,
        color: '#ffffff',
        fontFamily: 'card',
        fontWeight: 700,
      }}
    >
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          flexGrow: 1,
          margin: '64px 80px 56px',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <img src={logo} width={64} height={64} style={{ borderRadius: 12 }} />
          <div style={{ marginLeft: 24, fontSize: 34 }}>{brand}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          {section ? <div style={{ fontSize: 30, color: colors.accent, marginBottom: 20 }}>{section}</div> : null}
          {pieces && width ? (
            <div
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                width,
                fontSize,
                lineHeight: 1.25,
                maxHeight: long ? 210 : 240,
                overflow: 'hidden',
              }}
            >
              {pieces.map((piece, i) => (
                <div key={i} style={{ whiteSpace: 'pre' }}>
                  {piece}
                </div>
              ))}
            </div>
          ) : (
            <div
              style={{
                fontSize,
                lineHeight: 1.25,
                maxHeight: long ? 210 : 240,
                overflow: 'hidden',
                textWrap: 'balance',
              }}
            >
              {title}
            </div>
          )}
        </div>
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            borderTop: `4px solid ${colors.primary}`,
            paddingTop: 20,
            fontSize: 26,
            color: '#c9d7e8',
          }}
        >
          <div>{company}</div>
          <div>{site}</div>
        </div>
      </div>
    </div>
  );
}

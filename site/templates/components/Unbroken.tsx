import type { ReactNode } from 'react';
import { useSite } from './site.tsx';

// The same codes the Markdown renderer keeps on one line (generator/render/markdown.ts).
const UNBROKEN = /\b(?:[A-Z]{2,}-[A-Z0-9]*\d[A-Z0-9]*|ISO \d{4,5})\b/g;

/**
 * A title with its product codes and standards (`CW-UD20`, `ISO 9001`) kept on one line, and its
 * Chinese broken between words only (Phrases).
 */
export default function Unbroken({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(UNBROKEN)) {
    parts.push(
      <Phrases key={at} text={text.slice(at, match.index)} />,
      <span key={`c${match.index}`} className="nowrap">
        {match[0]}
      </span>,
    );
    at = match.index + match[0].length;
  }
  parts.push(<Phrases key={at} text={text.slice(at)} />);
  return parts;
}

/**
 * A short text (a heading, a card's title, a label) that breaks between Chinese words only, not
 * inside one: `<wbr>` marks where a line may end, and the `.ph` rule lets Chinese text break
 * nowhere else (at spaces and after punctuation still). Text without Chinese is returned as it is.
 */
export function Phrases({ text }: { text: string }): ReactNode {
  const breaks = useSite().breaks(text);
  if (breaks === null) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const index of breaks) {
    parts.push(text.slice(at, index), <wbr key={index} />);
    at = index;
  }
  parts.push(text.slice(at));
  return <span className="ph">{parts}</span>;
}

import type { ReactNode } from 'react';
import { Phrases } from './site.tsx';

// In a title, a word joined by hyphens (`Typhoon-Season`): a title is short enough to break
// elsewhere. Codes and standards Phrases keeps on one line itself (runtime/mixed-script.ts).
const UNBROKEN = /\b[A-Za-z]+(?:-[A-Za-z]+)+\b(?!-)/g;

/**
 * A title with its product codes, standards and hyphenated words (`CW-UD20`, `ISO 9001`,
 * `Typhoon-Season`) kept on one line, and its Chinese broken between words only (Phrases).
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

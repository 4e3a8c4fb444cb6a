import { Fragment, type ReactNode } from 'react';

// The same codes the Markdown renderer keeps on one line (generator/render/markdown.ts).
const UNBROKEN = /\b(?:[A-Z]{2,}-[A-Z0-9]*\d[A-Z0-9]*|ISO \d{4,5})\b/g;

/** A title with its product codes and standards (`CW-UD20`, `ISO 9001`) kept on one line. */
export default function Unbroken({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(UNBROKEN)) {
    parts.push(text.slice(at, match.index));
    parts.push(
      <span key={match.index} className="nowrap">
        {match[0]}
      </span>,
    );
    at = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}

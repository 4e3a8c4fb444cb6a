import { Fragment } from 'react';
import { toTextParts } from './contact-text.ts';
import EmailAddress from './EmailAddress.tsx';
import { Phrases, useSite } from './site.tsx';

/**
 * A structured text with its e-mail addresses and telephone numbers as links; fax numbers stay text
 * (behaviour.md: Contact details). Markdown bodies get the same links from the renderer.
 * Its Chinese is running text (Phrases): full lines, the last ones tied.
 */
export default function ContactText({ text }: { text: string | undefined }) {
  const { payload } = useSite();
  if (!text) return null;
  return (
    <>
      {toTextParts(text, payload.contacts).map((part, i) => (
        <Fragment key={i}>
          {typeof part === 'string' ? (
            <Phrases running text={part} />
          ) : part.kind === 'email' ? (
            <EmailAddress address={part.text} />
          ) : (
            <a href={part.href}>{part.text}</a>
          )}
        </Fragment>
      ))}
    </>
  );
}

import { Fragment } from 'react';
import { toTextParts } from './contact-text.ts';
import EmailAddress from './EmailAddress.tsx';
import { Phrases, useSite } from './site.tsx';

/**
 * A structured text with its e-mail addresses and telephone numbers as links; fax numbers stay text
 * (behaviour.md: Contact details). Markdown bodies get the same links from the renderer.
 * `whole`: a text of one to three lines (a page's lead, a closing prompt) whose Chinese words stay
 * whole (Phrases); otherwise it is running text.
 */
export default function ContactText({ text, whole = false }: { text: string | undefined; whole?: boolean }) {
  const { payload } = useSite();
  if (!text) return null;
  return (
    <>
      {toTextParts(text, payload.contacts).map((part, i) => (
        <Fragment key={i}>
          {typeof part === 'string' ? (
            <Phrases running={!whole} text={part} />
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

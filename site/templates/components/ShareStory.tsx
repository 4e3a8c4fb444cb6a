import { useEffect, useState } from 'react';
import { toMailto } from './PageAside.tsx';
import { useLocalUrl, useSite } from './site.tsx';

/**
 * A story's ways to pass it on or keep it, beside its text (behaviour.md: Sharing): by e-mail, its
 * title the subject and its address the body; once the page runs its script, copying its address
 * and printing it (or saving it as a PDF, which the print dialog offers). No button of another
 * site and no script of one: nothing leaves the page until the visitor chooses.
 */
export default function ShareStory() {
  const { payload, t } = useSite();
  const toUrl = useLocalUrl();
  // False on the server and at hydration, so the markup matches; true once the page runs.
  const [scripted, setScripted] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setScripted(true), []);
  const address = payload.head.canonical ?? toUrl(payload.path);
  const mail = `${toMailto('', payload.title)}&body=${encodeURIComponent(address)}`;
  const copy = () =>
    navigator.clipboard.writeText(location.href).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <section className="share-story" aria-labelledby="share-story-title" data-search-ignore="">
      <h2 id="share-story-title" className="page-aside__heading">
        {t('common:share.title')}
      </h2>
      <ul className="share-story__actions">
        <li>
          <a className="share-story__action" href={mail}>
            {t('common:share.email')}
          </a>
        </li>
        {scripted && navigator.clipboard ? (
          <li>
            <button type="button" className="share-story__action" onClick={() => void copy()}>
              {t('common:share.copy')}
            </button>
          </li>
        ) : null}
        {scripted ? (
          <li>
            <button type="button" className="share-story__action" onClick={() => window.print()}>
              {t('common:share.print')}
            </button>
          </li>
        ) : null}
      </ul>
      <p className="share-story__status" role="status">
        {copied ? t('common:share.copied') : ''}
      </p>
    </section>
  );
}

import { useSite } from './site.tsx';

/** Links to the same page in each other locale, each named in its own language. */
export default function LanguageSwitcher() {
  const { payload, t } = useSite();
  const others = payload.locales.filter((l) => l.code !== payload.locale);
  return (
    <nav className="language-switcher" aria-label={t('common:language')}>
      <ul>
        {others.map((l) => (
          <li key={l.code}>
            <a
              href={payload.localeUrls[l.code]}
              hrefLang={l.iso}
              lang={l.iso}
              data-locale={l.code}
              title={t('common:switchTo', { language: l.name })}
            >
              <span className="language-switcher__long">{l.name}</span>
              {/* Phones: the language's short name, beside the header's proposal request. */}
              <span className="language-switcher__short">{t(`nav:languageShort.${l.code}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

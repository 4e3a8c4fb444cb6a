import type { ReactNode } from 'react';
import Footer from './Footer.tsx';
import Header from './Header.tsx';
import Rail from './Rail.tsx';
import { useSite } from './site.tsx';

/**
 * Skip link, header, the navigation rail (tablets only), the layout's content and the footer: the
 * frame every layout shares.
 */
export default function Shell({ className, children }: { className: string; children: ReactNode }) {
  const { t } = useSite();
  return (
    <div className={`shell ${className}`}>
      <a className="skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <Header />
      <Rail />
      {children}
      <Footer />
    </div>
  );
}

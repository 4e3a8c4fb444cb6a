import ContactDirectory from '../components/ContactDirectory.tsx';
import PageHeading from '../components/PageHeading.tsx';
import Prose from '../components/Prose.tsx';
import Stations from '../components/Stations.tsx';
import { useSite } from '../components/site.tsx';

/**
 * How to reach the company: the directory of addresses and numbers from the site configuration
 * first, then the page's prose (beside each other on desktops), then the stations with their map
 * (behaviour.md: Contact details).
 */
export default function ContactPage() {
  const { payload } = useSite();
  return (
    <article className="page page--contact">
      <PageHeading illustrated />
      <div className="contact-top">
        <ContactDirectory />
        <Prose html={payload.html} />
      </div>
      <Stations data={payload.data} />
    </article>
  );
}

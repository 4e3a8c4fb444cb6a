import ContentPage from '../components/ContentPage.tsx';
import CustomerStrip from '../components/CustomerStrip.tsx';
import LinkList from '../components/LinkList.tsx';
import { useSite } from '../components/site.tsx';

/**
 * A section overview (`*-layout`): an introduction and a card for every page of the section, with
 * its illustration; the services overview then names some of the airlines served (`customers`).
 */
export default function SectionPage() {
  const { payload } = useSite();
  return (
    <ContentPage
      kind="section"
      wide={
        <>
          <LinkList links={payload.listed} thumbnails />
          <CustomerStrip data={payload.data} />
        </>
      }
    />
  );
}

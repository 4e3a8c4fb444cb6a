import ContentPage from '../components/ContentPage.tsx';
import CustomerStrip from '../components/CustomerStrip.tsx';
import { FiguresBand } from '../components/KeyFigures.tsx';
import LinkList from '../components/LinkList.tsx';
import { useSite } from '../components/site.tsx';

/**
 * A section overview (`*-layout`): its headline numbers where it has them (`band`) closing the
 * title band, an introduction, and a card for every page of the section, with its illustration;
 * the services overview then names some of the airlines served (`customers`).
 */
export default function SectionPage() {
  const { payload } = useSite();
  return (
    <ContentPage
      kind="section"
      banner={<FiguresBand data={payload.data.band} />}
      wide={
        <>
          <LinkList links={payload.listed} thumbnails />
          <CustomerStrip data={payload.data} />
        </>
      }
    />
  );
}

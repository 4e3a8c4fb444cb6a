import ContentPage from '../components/ContentPage.tsx';
import OrgChart from '../components/OrgChart.tsx';
import Stations from '../components/Stations.tsx';
import { useSite } from '../components/site.tsx';

/** A page about the company; the locations page has the station map, the organization page its chart. */
export default function AboutPage() {
  const { payload } = useSite();
  return (
    <ContentPage kind="about" wide={<Stations data={payload.data} />}>
      <OrgChart data={payload.data} />
    </ContentPage>
  );
}

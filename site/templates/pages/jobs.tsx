import ContentPage from '../components/ContentPage.tsx';
import Positions from '../components/Positions.tsx';
import { useSite } from '../components/site.tsx';

/** A careers page: working at the company, benefits, and the open positions as cards. */
export default function JobsPage() {
  const { payload } = useSite();
  return (
    <ContentPage kind="jobs">
      <Positions data={payload.data} />
    </ContentPage>
  );
}

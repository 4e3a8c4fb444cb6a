import { Steps } from '../components/Callouts.tsx';
import ContentPage from '../components/ContentPage.tsx';
import { useSite } from '../components/site.tsx';

/** A service page: how the work runs at a glance (its steps, across the page), then what it covers and how. */
export default function ServicePage() {
  const { payload } = useSite();
  return <ContentPage kind="service" top={<Steps data={payload.data.steps} />} />;
}

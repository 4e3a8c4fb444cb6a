import { Specs } from '../components/Callouts.tsx';
import ContentPage from '../components/ContentPage.tsx';
import { useSite } from '../components/site.tsx';

/** An item of in-house equipment: its key facts across the page under its scene, then its story. */
export default function EquipmentPage() {
  const { payload } = useSite();
  return <ContentPage kind="equipment" top={<Specs data={payload.data.specs} />} />;
}

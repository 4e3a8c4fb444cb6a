import ContentPage from '../components/ContentPage.tsx';

/** An item of in-house equipment. */
export default function EquipmentPage() {
  return <ContentPage kind="equipment" />;
}

import ContentPage from '../components/ContentPage.tsx';

/** Procurement notices and supplier registration. */
export default function ProcurementPage() {
  return <ContentPage kind="procurement" />;
}

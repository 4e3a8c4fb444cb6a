import ContentPage from '../components/ContentPage.tsx';

/** The airline customers. */
export default function CustomersPage() {
  return <ContentPage kind="customers" />;
}

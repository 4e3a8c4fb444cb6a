import ContentPage from '../components/ContentPage.tsx';

/** How to reach the company and its stations. */
export default function ContactPage() {
  return <ContentPage kind="contact" />;
}

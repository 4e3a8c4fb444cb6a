/** The page's Markdown body, rendered at build time (raw HTML in Markdown is escaped). */
export default function Prose({ html }: { html: string }) {
  if (html === '') return null;
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}

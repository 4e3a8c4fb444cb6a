/**
 * The page's Markdown body, rendered at build time (raw HTML in Markdown is escaped). The browser
 * reads it back from the marked element when it hydrates: the page's data does not repeat it.
 */
export default function Prose({ html }: { html: string }) {
  if (html === '') return null;
  return <div className="prose" data-prose="" dangerouslySetInnerHTML={{ __html: html }} />;
}

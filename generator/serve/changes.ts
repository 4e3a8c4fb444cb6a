/**
 * What a changed file invalidates (paths relative to the project root):
 * - `content`: a page's translation file → the pages that use it;
 * - `messages`: a shared translation file → every page of that locale;
 * - `template`: a template, component or stylesheet → the pages rendered with it;
 * - `public`: a file copied as it is;
 * - `full`: the configuration or the runtime → everything.
 */
export type ChangeKind = 'content' | 'messages' | 'template' | 'public' | 'full';

export function toChangeKind(file: string): ChangeKind {
  if (file.startsWith('site/content/')) return 'content';
  if (file.startsWith('site/locales/')) return 'messages';
  if (file.startsWith('site/templates/')) return 'template';
  if (file.startsWith('site/public/')) return 'public';
  return 'full';
}

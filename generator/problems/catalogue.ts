// architecture.md: Errors. Codes are permanent; each entry declares its arguments, so a missing or
// misspelt one does not compile.
export type Severity = 'error' | 'warning';

export type Args = Readonly<Record<string, string | undefined>>;
export type NoArgs = Record<string, never>;

export interface CatalogueEntry<A extends Args> {
  readonly severity: Severity;
  readonly message: (a: A) => string;
  readonly hint: (a: A) => string;
}

function entry<A extends Args = NoArgs>(
  severity: Severity,
  texts: Pick<CatalogueEntry<A>, 'message' | 'hint'>,
): CatalogueEntry<A> {
  return { severity, ...texts };
}

export const catalogue = {
  CONFIG_LOAD: entry<{ reason: string }>('error', {
    message: (a) => `The site configuration could not be loaded: ${a.reason}.`,
    hint: () => 'Fix the syntax of site/site.config.ts; it must `export default` the configuration object.',
  }),
  CONFIG_MISSING: entry<{ file: string; root: string }>('error', {
    message: (a) => `There is no site configuration at ${a.file}.`,
    hint: (a) =>
      `Run \`site\` in the project folder that holds site/site.config.ts, or pass \`--root <that folder>\` (now: ${a.root}).`,
  }),
  CONFIG_INVALID: entry<{ field: string; reason: string; hint?: string }>('error', {
    message: (a) => `Invalid configuration value at \`${a.field}\`: ${a.reason}.`,
    hint: (a) => a.hint ?? 'See "Configuration reference" in the README for every field and its values.',
  }),
  FRONT_MATTER_SYNTAX: entry<{ reason: string; problem?: string; hint?: string }>('error', {
    message: (a) => `The front matter ${a.problem ?? 'is not valid YAML'}: ${a.reason}.`,
    hint: (a) =>
      a.hint ??
      'Front matter sits between two `---` lines; quote values that contain `: ` or start with a special character.',
  }),
  FRONT_MATTER_INVALID: entry<{ field: string; reason: string; hint?: string }>('error', {
    message: (a) => `Front matter field \`${a.field}\` ${a.reason}.`,
    hint: (a) => a.hint ?? 'See "Content and translations" in the README for the fields a page takes.',
  }),
  FRONT_MATTER_TYPO: entry<{ key: string; setting: string }>('warning', {
    message: (a) =>
      `The front matter key \`${a.key}\` is not a page setting, and reads like a misspelling of \`${a.setting}\`: it is passed to the template as it is, and \`${a.setting}\` keeps its default.`,
    hint: (a) =>
      `Rename it \`${a.setting}\`; if the template reads a field of this name, give the field a name further from the page's settings.`,
  }),
  CONTENT_FILE_NAME: entry<{ reason: string; locales: string; hint?: string }>('error', {
    message: (a) => `The content file name ${a.reason}.`,
    hint: (a) => a.hint ?? `Name page files \`<page>.<locale>.md\` with a locale of the configuration (${a.locales}).`,
  }),
  FILE_NAME_NOT_UTF8: entry<{ file: string }>('error', {
    message: (a) =>
      `The name of ${a.file} is not UTF-8 (the bytes that are not are shown as \`\\xNN\`): the build can neither read it nor publish it under a URL.`,
    hint: () =>
      "Rename it. A zip made on Windows names files in the system's own code page (Big5, Latin-1): unpack it with a tool that converts the names, or rename the files after.",
  }),
  ROUTE_DUPLICATE: entry<{ path: string; locale: string; first: string; second: string }>('error', {
    message: (a) => `Two files claim the route ${a.path} in locale ${a.locale}: ${a.first} and ${a.second}.`,
    hint: () => 'Keep one of them: `<name>.<locale>.md` and `<name>/index.<locale>.md` are the same route.',
  }),
  PUBLIC_FILE_CONFLICT: entry<{ file: string; output: string; what: string }>('error', {
    message: (a) =>
      `${a.file} stands where the build writes ${a.what} (\`${a.output}\`): one would replace the other, or keep it from being written.`,
    hint: () =>
      "Rename or move the file: a public file takes no page's path or folder, and none of the files the build writes itself (the error pages, sitemap.xml, robots.txt, the host's files, _app/, builds/).",
  }),
  REDIRECT_OUTSIDE_LOCALE: entry<{ from: string; locale: string; prefix: string }>('error', {
    message: (a) =>
      `The alias \`${a.from}\` is not an address of the ${a.locale} pages (under \`${a.prefix}\`): a visitor who typed it would land in the other language.`,
    hint: (a) =>
      `Write the old address as a visitor of the ${a.locale} page typed it, under \`${a.prefix}\`, or list it in the other locale's file.`,
  }),
  REDIRECT_COLLISION: entry<{ from: string; what: string }>('error', {
    message: (a) =>
      `The old address \`${a.from}\` is also ${a.what}: one address cannot answer with both, and one of them would be lost.`,
    hint: () =>
      'Remove the alias or redirect, or move what stands at that address; an address redirects only where the site has nothing else.',
  }),
  REDIRECT_CHAIN: entry<{ from: string; to: string; next: string }>('error', {
    message: (a) =>
      `The redirect from \`${a.from}\` leads to \`${a.to}\`, which redirects again, to \`${a.next}\`: visitors and search engines would take two steps, and a loop never ends.`,
    hint: (a) => `Send \`${a.from}\` straight to where it ends: \`to: '${a.next}'\`.`,
  }),
  REDIRECT_UNKNOWN_TARGET: entry<{ from: string; to: string }>('error', {
    message: (a) => `The redirect from \`${a.from}\` leads to \`${a.to}\`, which is no page or file of this site.`,
    hint: () =>
      'Send it to a page the site builds (without a trailing slash, `/en/jobs`), a file of site/public, or a full `https://` address.',
  }),
  PAGE_REMOVED: entry<{ url: string }>('warning', {
    message: (a) =>
      `The page ${a.url} was in the previous output and is gone from this one: its address now answers 404, and links and search results that lead there break.`,
    hint: () =>
      "If the page moved, list its old address in the new page's front matter (`aliases: [/old-address]`); if it is gone for good, send it to the nearest page with `redirects` in site/site.config.ts.",
  }),
  ROUTE_NO_CONTENT: entry<{ path: string; expected: string }>('error', {
    message: (a) => `The route ${a.path} is linked from the navigation but has no content in either locale.`,
    hint: (a) => `Create ${a.expected}, or remove the entry from the navigation.`,
  }),
  ROUTE_MISSING_LOCALE: entry<{ path: string; locale: string; expected: string; present: string }>('error', {
    message: (a) => `The page ${a.path} has no ${a.locale} content file.`,
    hint: (a) =>
      `Create ${a.expected}, or declare the page single-language with \`locales: [${a.present}]\` in its front matter.`,
  }),
  ROUTE_SETTINGS_DISAGREE: entry<{ path: string; field: string; values: string }>('error', {
    message: (a) => `The locale files of ${a.path} disagree on \`${a.field}\`: ${a.values}.`,
    hint: () =>
      '`template`, `layout`, `order`, `date`, `locales`, `list` and `listLimit` apply to the page in every language: give them the same value in each file.',
  }),
  TEMPLATE_UNKNOWN: entry<{ name: string; known: string }>('error', {
    message: (a) => `Unknown template \`${a.name}\`.`,
    hint: (a) => `Use one of: ${a.known}; or add site/templates/pages/${a.name}.tsx.`,
  }),
  LAYOUT_UNKNOWN: entry<{ name: string; known: string }>('warning', {
    message: (a) => `Unknown layout \`${a.name}\`; the page is rendered with the \`fallback\` layout.`,
    hint: (a) => `Use one of: ${a.known}; or add site/templates/layouts/${a.name}.tsx.`,
  }),
  MERGE_CONFLICT: entry('error', {
    message: () =>
      'The file holds a merge that was never finished: two versions between the marker lines `<<<<<<<`, `=======` and `>>>>>>>`. It is not read until one is kept (a page would show both, and the markers).',
    hint: () =>
      'Keep what is right of the two versions (in the translation record, the lines of both), delete the three marker lines, and build again.',
  }),
  TEXT_NOT_UTF8: entry<{ saved?: string }>('error', {
    message: (a) =>
      a.saved === 'UTF-16'
        ? 'The file is saved as UTF-16 (what Windows Notepad calls "Unicode"), not UTF-8, and would be published as unreadable characters.'
        : 'The file is not UTF-8 text: the bytes at this position are in another encoding (Big5, or another older one), and would be published as unreadable characters.',
    hint: () => 'Save the file as UTF-8 (in most editors: "Save with Encoding", then UTF-8).',
  }),
  MESSAGES_SYNTAX: entry<{ reason: string }>('error', {
    message: (a) => `The translation file is not valid JSON: ${a.reason}.`,
    hint: () => 'Check for a missing comma or quote near the position shown.',
  }),
  MESSAGES_KEY_TWICE: entry<{ key: string; first: string }>('error', {
    message: (a) =>
      `The key \`${a.key}\` is in the translation file twice, here and on line ${a.first}; only one of the two texts would be used.`,
    hint: () => 'Keep the one that is right and delete the other, or give it a key of its own.',
  }),
  MESSAGES_FILE_MISSING: entry<{ ns: string; locale: string; file: string }>('error', {
    message: (a) => `The translation file for namespace ${a.ns} in locale ${a.locale} is missing.`,
    hint: (a) => `Create ${a.file} with the same keys as the other locale.`,
  }),
  MESSAGES_SHAPE: entry<{ reason: string }>('error', {
    message: (a) => `The translation file must hold an object of strings: ${a.reason}.`,
    hint: () => 'Values are strings or nested objects of strings.',
  }),
  MESSAGE_KEY_MISSING: entry<{ locale: string; ns: string; key: string; file: string; usedBy?: string }>('error', {
    message: (a) =>
      `Missing translation: locale ${a.locale}, namespace ${a.ns}, key \`${a.key}\`${a.usedBy ? ` (used by ${a.usedBy})` : ''}.`,
    hint: (a) => `Add \`${a.key}\` to ${a.file}.`,
  }),
  LINK_UNKNOWN_ROUTE: entry<{ href: string; suggestion?: string }>('error', {
    message: (a) => `The link to \`${a.href}\` points at no page of this site.`,
    hint: (a) =>
      a.suggestion
        ? `Did you mean \`${a.suggestion}\`?`
        : 'Link to an existing page, without a trailing slash (for example `/en/contact`).',
  }),
  LINK_TO_UNPUBLISHED: entry<{ href: string; kind: 'draft' | 'scheduled' | 'expired'; date?: string }>('error', {
    message: (a) =>
      `The link to \`${a.href}\` points at ${
        a.kind === 'draft'
          ? 'a draft'
          : a.kind === 'scheduled'
            ? `a page scheduled for ${a.date}`
            : `a page that expired on ${a.date}`
      }, which this build leaves out: visitors would find no page there.`,
    hint: (a) =>
      a.kind === 'draft'
        ? 'Publish the page (remove `draft: true` from each of its files) or take the link out until it is.'
        : a.kind === 'scheduled'
          ? 'Take the link out until the page goes live, or publish the page now (change its `date` or `publishDate`).'
          : 'Take the link out, or give the page a later `expiryDate`.',
  }),
  IMAGE_UNKNOWN_FILE: entry<{ src: string }>('error', {
    message: (a) => `The image \`${a.src}\` is no file of site/public.`,
    hint: () =>
      "Put the picture in site/public (`site/public/images/chart.png`) and write its path from the site's root: `![A chart](/images/chart.png)`.",
  }),
  IMAGE_NOT_LOCAL: entry<{ src: string }>('error', {
    message: (a) =>
      `The image \`${a.src}\` is on another site: the pages' security policy shows images of this site only, so it would not appear.`,
    hint: () =>
      'Save the picture into site/public/images (where its licence allows) and write its path: `![A chart](/images/chart.png)`.',
  }),
  IMAGE_UNREADABLE: entry<{ src: string; reason: string }>('error', {
    message: (a) =>
      `The image \`${a.src}\` cannot be read as a picture (${a.reason.replace(/\s+$/, '')}): it is damaged, cut short, in another format than its name says, or larger than the build decodes (40 megapixels).`,
    hint: (a) =>
      `Open site/public${a.src} in an image editor and save it again as JPEG, PNG, WebP or AVIF, at most 8000 × 5000 pixels.`,
  }),
  // Hostile or mistaken content: refused with its place, never a crash or a stalled build.
  LINK_MALFORMED: entry<{ href: string; reason: string; hint?: string }>('error', {
    message: (a) => `The link \`${a.href}\` is malformed: ${a.reason}.`,
    hint: (a) => a.hint ?? 'Write a path of this site such as `/en/contact`, or a full `https://` address.',
  }),
  MARKDOWN_TOO_DEEP: entry<{ limit: string }>('error', {
    message: (a) =>
      `Lists and quotes are nested here deeper than Markdown is read (${a.limit} levels, a list counting two and a quote one): the text from here to the end of the list or quote around it would be left out of the page.`,
    hint: () => 'Nest the lists and quotes less deeply: a few levels are all a reader can follow.',
  }),
  TEXT_INVALID_CHARACTER: entry<{ character: string; kind: string; escaped?: string }>('error', {
    message: (a) =>
      `The text holds ${a.character} (${a.kind})${a.escaped ? ', written as an escape' : ''}, which is not a character of text: pages, titles and the search index cannot carry it.`,
    hint: (a) =>
      a.escaped
        ? `Remove the escape \`${a.escaped}\` or write the character it stands for.`
        : 'Delete the character (most editors show it as a box, a symbol or not at all; search for it by its code).',
  }),
  CONTENT_TOO_LARGE: entry<{ part: 'content file' | 'front matter'; size: string; limit: string }>('error', {
    message: (a) => `The ${a.part} is ${a.size}, over the limit of ${a.limit}; it is not read.`,
    hint: (a) =>
      a.part === 'front matter'
        ? "Keep the front matter to the page's settings and short structured texts; long prose belongs in the Markdown body."
        : 'Split the page into several pages; publish large data as a file of site/public instead.',
  }),
  CONTENT_LARGE: entry<{ size: string; limit: string; fileLimit: string }>('warning', {
    message: (a) =>
      `The Markdown body is ${a.size}, over ${a.limit}: the page is slow to build and heavy to load. The build goes on.`,
    hint: (a) => `Split the page into several pages; a content file over ${a.fileLimit} fails the build.`,
  }),
  BASE_URL_MISSING: entry('warning', {
    message: () => 'Base URL for SEO links missing: canonical, alternate and sitemap URLs are written root-relative.',
    hint: () =>
      'Set `baseUrl` in site/site.config.ts, the SITE_BASE_URL environment variable, or pass --base-url https://your.domain.',
  }),
  BASE_URL_NOT_HTTPS: entry<{ url: string }>('warning', {
    message: (a) =>
      `The base URL \`${a.url}\` is plain HTTP: every canonical, alternate, sitemap, feed and share link names it, and search engines and share dialogs show it instead of the HTTPS address.`,
    hint: () =>
      'Write it with https:// when the site is served over HTTPS, as every static host the build knows serves it. A site served over plain HTTP only may keep it.',
  }),
  BUNDLE_FAILED: entry<{ reason: string }>('error', {
    message: (a) => `The templates could not be bundled: ${a.reason}.`,
    hint: () => 'Fix the template source at the position shown.',
  }),
  PUBLIC_MODULE_FAILED: entry<{ module: string; output: string; reason: string }>('error', {
    message: (a) => `${a.module} could not make /${a.output}: ${a.reason}.`,
    hint: () =>
      'A `<name>.<ext>.ts` file of site/public default-exports a function that returns the text (or bytes) of `<name>.<ext>`; fix it at the position shown.',
  }),
  TEMPLATE_LOAD_FAILED: entry<{ reason: string }>('error', {
    message: (a) => `The templates could not be loaded: ${a.reason}.`,
    hint: () =>
      'A template module ran code that threw as it loaded, outside any component. Fix it at the position shown: code that reads a page or its texts belongs inside a component.',
  }),
  RENDER_FAILED: entry<{ url: string; reason: string; content?: string; others?: string }>('error', {
    message: (a) =>
      `Rendering ${a.url} failed: ${a.reason}${a.content ? ` (content: ${a.content})` : ''}${a.others ? `; the same error broke ${a.others} other ${a.others === '1' ? 'page' : 'pages'}` : ''}.`,
    hint: () => "The position points into the template that threw; the page's content file is named in the message.",
  }),
  LOGO_INVALID: entry<{ reason: string }>('error', {
    message: (a) => `site/public/logo.svg could not be drawn: ${a.reason}.`,
    hint: () =>
      'The logo is drawn into the app icons and the share cards: it must be a well-formed SVG document. Fix it at the position shown.',
  }),
  CARD_FAILED: entry<{ url: string; reason: string }>('error', {
    message: (a) => `The share card of ${a.url} could not be drawn: ${a.reason}.`,
    hint: () =>
      'site/templates/ShareCard.tsx is drawn by satori, which reads inline styles (a subset of CSS, flexbox for layout) and images given as data or absolute URLs. Fix the layout at the position shown.',
  }),
  OUTPUT_FAILED: entry<{ reason: string; code?: string }>('error', {
    message: (a) => `The output could not be written: ${a.reason}.`,
    hint: (a) =>
      a.code === 'ENOSPC' || a.code === 'EDQUOT'
        ? 'The disk is full: free some space (the build writes the new output beside the previous one before it swaps them, so it needs room for both). The previous output is untouched.'
        : a.code === 'EACCES' || a.code === 'EPERM' || a.code === 'EROFS'
          ? "The output folder's parent cannot be written to: build into a folder you own (`--out`). The previous output is untouched."
          : "Check that the output folder's parent exists and is writable. The previous output is untouched.",
  }),
  SEARCH_FAILED: entry<{ reason: string }>('error', {
    message: (a) => `The search index could not be made: ${a.reason}.`,
    hint: () =>
      'Pagefind makes it; reinstall the dependencies (`npm install`) so that its binary for this platform is there. The previous output is untouched.',
  }),
  OUT_DIR_UNSAFE: entry<{ dir: string; reason: string }>('error', {
    message: (a) => `Refusing to write the output to ${a.dir}: ${a.reason}.`,
    hint: () => 'Choose an output folder of its own, such as `out`.',
  }),
  OUT_DIR_NOT_OURS: entry<{ dir: string; contents: string }>('error', {
    message: (a) => `Refusing to replace ${a.dir}: it was not written by \`site build\` and holds ${a.contents}.`,
    hint: () =>
      'Choose an empty or new folder with --out, or move those files away first. `site build` replaces only folders it wrote itself (they carry a `.site-output` marker file).',
  }),
  SYMLINK_OUTSIDE: entry<{ link: string; target: string }>('error', {
    message: (a) =>
      `The symbolic link ${a.link} points outside the project, to ${a.target}; nothing outside the project is read into the site.`,
    hint: () => 'Copy the file into the project instead of linking to it, or remove the link.',
  }),
  SYMLINK_BROKEN: entry<{ link: string; target: string }>('error', {
    message: (a) => `The symbolic link ${a.link} points to ${a.target}, which does not exist.`,
    hint: () => 'Remove the link, or point it at a file inside the project.',
  }),
  SYMLINK_INTO_OUTPUT: entry<{ link: string; target: string; what: string }>('error', {
    message: (a) =>
      `${a.link} resolves into ${a.what}, ${a.target}: the site would publish what the tool writes itself, each build carrying every build before it.`,
    hint: () =>
      'Remove the link. The output folder, the folders a build writes beside it and the caches are never read into the site; copy into site/public only the files to publish.',
  }),
  OUTPUT_RECOVERED: entry<{ dir: string }>('warning', {
    message: (a) => `An earlier build was stopped while it replaced ${a.dir}; its previous output was put back.`,
    hint: () => 'Nothing to do: this build replaces it as usual.',
  }),
  CONTENT_FILE_IGNORED: entry<{ ending: string }>('warning', {
    message: (a) =>
      `This file is not read as a page: only files ending in \`.md\` are, and it ends in \`${a.ending}\`.`,
    hint: () => 'Rename it to end in `.md` (lower case) to make it a page, or move it out of site/content.',
  }),
  SOURCE_DATE_EPOCH_INVALID: entry<{ value: string }>('error', {
    message: (a) =>
      `SOURCE_DATE_EPOCH is \`${a.value}\`, which is no time: it must be a whole number of seconds since 1970.`,
    hint: () =>
      'Set it to the time of the last commit (`SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)`), or leave it unset to build at the current time.',
  }),
  DATE_IN_FUTURE: entry<{ date: string; days: string }>('warning', {
    message: (a) =>
      `The page is scheduled for ${a.date}, ${a.days} days from today: no build publishes it before then.`,
    hint: () =>
      'Check the year. A page dated after today waits for its day (a build on or after it publishes it); `site build --future` shows it now.',
  }),
  PUBLIC_LEFTOVERS_SKIPPED: entry<{ count: string; files: string }>('warning', {
    message: (a) =>
      `${a.count} ${a.count === '1' ? 'file' : 'files'} in site/public that editors and file browsers leave behind ${a.count === '1' ? 'was' : 'were'} not published: ${a.files}.`,
    hint: () =>
      'Backups (`name~`), auto-saves (`#name#`), `Thumbs.db` and `desktop.ini` are never published; delete them, or rename a file that belongs on the site.',
  }),
  PUBLIC_DOTFILES_SKIPPED: entry<{ count: string; files: string }>('warning', {
    message: (a) =>
      `${a.count} hidden ${a.count === '1' ? 'file' : 'files'} in site/public ${a.count === '1' ? 'was' : 'were'} not published: ${a.files}.`,
    hint: () =>
      'Files and folders whose names start with a dot are never published, except `.well-known/`; rename them if they belong on the site.',
  }),
  PUBLIC_ACTIVE_CONTENT: entry<{ file: string; what: string; host?: string }>('warning', {
    message: (a) =>
      `${a.file} holds what runs as script (${a.what}): opened by itself, it runs on the site's origin, with its visitors' cookies and storage` +
      (a.host
        ? `, and ${a.host} sends no Content Security Policy that would stop it.`
        : '; only the Content Security Policy the host sends stops it.'),
    hint: () =>
      'Remove the script, the event handlers and the `javascript:` links (a picture needs none of them; an editor\'s "optimise" or "export as plain SVG" drops them), or publish the file from elsewhere.',
  }),
  NO_BUILD: entry<{ dir: string }>('error', {
    message: (a) => `There is no built site in ${a.dir}.`,
    hint: () => 'Run `site build` first.',
  }),
  BUILD_CONFIG_MISMATCH: entry<{ dir: string; built: string; now: string }>('error', {
    message: (a) =>
      `The output in ${a.dir} was built with ${a.built}, but the configuration now has ${a.now}; its pages cannot be checked against today's sources.`,
    hint: () => 'Run `site build` again, then `site check`.',
  }),
  // `site check`: what a visitor or a search engine would trip over in the built output.
  LINK_BROKEN: entry<{ page: string; href: string; status: string }>('error', {
    message: (a) => `Broken link on ${a.page}: ${a.href} answered ${a.status}.`,
    hint: () => 'Point the link at a page or file the build writes.',
  }),
  LINK_FRAGMENT_MISSING: entry<{ page: string; href: string }>('error', {
    message: (a) => `The link on ${a.page} to ${a.href} names a fragment that the target page does not have.`,
    hint: () => 'Link to a heading id that exists (headings get ids from their text), or drop the fragment.',
  }),
  LINK_EXTERNAL_SKIPPED: entry<{ count: string }>('warning', {
    message: (a) => `${a.count} external links were listed but not checked (no network by default).`,
    hint: () => 'Run `site check --external` where the network is reachable.',
  }),
  SEO_ALTERNATE: entry<{ page: string; reason: string }>('error', {
    message: (a) => `Alternates of ${a.page}: ${a.reason}.`,
    hint: () =>
      "Every page lists x-default first, then each locale's language and full tag, and each alternate lists the page back.",
  }),
  SEO_CANONICAL: entry<{ page: string; reason: string }>('error', {
    message: (a) => `Canonical of ${a.page}: ${a.reason}.`,
    hint: () => 'A page is its own canonical, an absolute URL when a base URL is configured.',
  }),
  SHARE_IMAGE: entry<{ page: string; reason: string }>('error', {
    message: (a) => `Share image of ${a.page}: ${a.reason}.`,
    hint: () =>
      'Every page names a 1200 × 630 PNG of the site as `og:image` (its card, or the `shareImage` of its front matter).',
  }),
  STRUCTURED_DATA: entry<{ page: string; reason: string }>('error', {
    message: (a) => `Structured data of ${a.page}: ${a.reason}.`,
    hint: () =>
      'Each `application/ld+json` block must be JSON with `@context` https://schema.org, a `@type`, and the properties search engines require for it.',
  }),
  FEED_INVALID: entry<{ feed: string; reason: string }>('error', {
    message: (a) => `Feed ${a.feed}: ${a.reason}.`,
    hint: () => 'A feed must be well-formed Atom whose entries link to pages of the build.',
  }),
  APP_ICON_MISSING: entry<{ page: string; reason: string }>('error', {
    message: (a) => `App icons of ${a.page}: ${a.reason}.`,
    hint: () => 'The touch icon, the web app manifest and the icons it lists must be files of the build.',
  }),
  SEO_LOCALE: entry<{ page: string; reason: string }>('error', {
    message: (a) => `Locale of ${a.page}: ${a.reason}.`,
    hint: () => "`<html lang>` and `og:locale` must be those of the page's locale.",
  }),
  SEO_TITLE_LONG: entry<{ page: string; title: string; width: string }>('warning', {
    message: (a) =>
      `The title of ${a.page} takes ${a.width} characters (a Chinese character counting two), more than a search result shows (65): "${a.title}".`,
    hint: () =>
      "Shorten the page's `title`: the build leaves the brand off a title that would take more than 60, so a title this long is the page's own.",
  }),
  SEO_ROBOTS: entry<{ page: string; reason: string }>('error', {
    message: (a) => `Robots meta tag of ${a.page}: ${a.reason}.`,
    hint: () =>
      'An indexable page carries `<meta name="robots" content="max-image-preview:large">`, a page kept out of search engines `noindex`.',
  }),
  SEO_DUPLICATE: entry<{ what: string; locale: string; value: string; pages: string }>('error', {
    message: (a) => `Duplicate ${a.what} in ${a.locale}: "${a.value}" on ${a.pages}.`,
    hint: () => 'Give every page of a locale its own title and description.',
  }),
  SEO_CROSS_LOCALE_LINK: entry<{ page: string; href: string; suggestion: string }>('error', {
    message: (a) => `The main content of ${a.page} links into the other locale: ${a.href}.`,
    hint: (a) => `Link to ${a.suggestion} instead; only the language switcher crosses locales.`,
  }),
  SEO_SITEMAP: entry<{ reason: string }>('error', {
    message: (a) => `sitemap.xml: ${a.reason}.`,
    hint: () => 'The sitemap lists exactly the indexable pages, with the alternates of their heads.',
  }),
  SEO_ERROR_PAGE: entry<{ page: string; reason: string }>('error', {
    message: (a) => `Error page ${a.page}: ${a.reason}.`,
    hint: () => 'Error pages are `noindex`, have no alternates and are not in the sitemap.',
  }),
  I18N_KEY_MISSING: entry<{ locale: string; ns: string; key: string; file: string }>('error', {
    message: (a) => `Translation missing: locale ${a.locale}, namespace ${a.ns}, key \`${a.key}\`.`,
    hint: (a) => `Add the key to ${a.file}.`,
  }),
  I18N_KEY_EXTRA: entry<{ locale: string; ns: string; key: string; reference: string }>('error', {
    message: (a) =>
      `Translation without a counterpart: locale ${a.locale}, namespace ${a.ns}, key \`${a.key}\` is not in ${a.reference}.`,
    hint: () => 'Add it to the other locale, or remove it.',
  }),
  I18N_KEY_UNUSED: entry<{ ns: string; key: string }>('error', {
    message: (a) =>
      `Unused translation: namespace ${a.ns}, key \`${a.key}\` is read by no template, page or runtime code.`,
    hint: (a) => `Remove it from every locale's ${a.ns}.json, or use it.`,
  }),
  TRANSLATION_STALE: entry<{ locale: string; what: string; source: string; since: string }>('warning', {
    message: (a) =>
      a.since === ''
        ? `The ${a.locale} translation of ${a.what} was never confirmed against ${a.source}.`
        : `The ${a.locale} translation of ${a.what} is out of date: ${a.source} has changed since it was confirmed on ${a.since}.`,
    hint: () =>
      '`site translations` shows what changed. Update the translation, then confirm it: `site translations done <file>`.',
  }),
  TRANSLATIONS_UNRECORDED: entry<{ file: string }>('warning', {
    message: (a) => `There is no translation record (${a.file}): stale translations cannot be found.`,
    hint: () => 'Confirm every translation as it is now, once: `site translations done --all`.',
  }),
  TRANSLATIONS_USAGE: entry<{ given: string }>('error', {
    message: (a) =>
      a.given === 'done'
        ? '`site translations done` needs what to confirm.'
        : `\`site translations\` does not know \`${a.given}\`.`,
    hint: () =>
      'Name the translations: `site translations done site/content/contact.en.md /news/news3 nav:procurement`, or confirm every one with `site translations done --all`.',
  }),
  TRANSLATIONS_UNKNOWN_NAME: entry<{ name: string }>('error', {
    message: (a) =>
      `\`${a.name}\` names no translation: no content file, route, namespace or \`namespace:key\` of the site.`,
    hint: () =>
      'Name a content file (`site/content/contact.en.md`), a route (`/contact`), a namespace (`nav`) or a key (`nav:procurement`). Nothing was confirmed.',
  }),
  NEW_PAGE_PATH: entry<{ given: string; reason: string; hint?: string }>('error', {
    message: (a) => `\`site new ${a.given}\` names no page path inside site/content: the path ${a.reason}.`,
    hint: (a) =>
      `${a.hint ?? "Write the page's path from site/content, its folders and its name without the locale or `.md`: `site new news/news14` writes site/content/news/news14.<locale>.md"}. Nothing was written.`,
  }),
  NEW_PAGE_EXISTS: entry<{ path: string; file: string }>('error', {
    message: (a) => `The page ${a.path} exists already: ${a.file} is one of its files.`,
    hint: () =>
      'Edit the page that is there, or start the new one under a path that is free (`site routes` lists the pages there are). Nothing was written.',
  }),
  NEW_PAGE_FOLDER_MISSING: entry<{ folder: string; nearest: string; known: string }>('error', {
    message: (a) =>
      `The folder ${a.folder} does not exist: \`site new\` starts a new folder only for a new section, at the top of site/content.`,
    hint: (a) =>
      `Check the spelling: ${a.nearest} holds ${a.known}. To start a folder there, create it first (\`mkdir -p ${a.folder}\`). Nothing was written.`,
  }),
  NEW_PAGE_WRITE_FAILED: entry<{ file: string; reason: string }>('error', {
    message: (a) => `${a.file} could not be written: ${a.reason}.`,
    hint: () =>
      'Check that site/content can be written to (its owner and permissions, free space on the disk). No file of the new page was left behind.',
  }),
  TRANSLATIONS_RECORD_INVALID: entry<{ reason: string }>('error', {
    message: (a) => `The translation record cannot be read: ${a.reason}.`,
    hint: () =>
      '`site translations done` writes it: restore it from version control, or delete it and confirm every translation as it is now with `site translations done --all`.',
  }),
  I18N_EMPTY: entry<{ locale: string; ns: string; key: string }>('error', {
    message: (a) => `Empty translation: locale ${a.locale}, namespace ${a.ns}, key \`${a.key}\`.`,
    hint: () => 'Write the text; an empty string shows nothing to the visitor.',
  }),
  I18N_PLACEHOLDERS: entry<{ ns: string; key: string; detail: string }>('error', {
    message: (a) => `Placeholders differ for ${a.ns}:${a.key}: ${a.detail}.`,
    hint: () => 'Use the same {{placeholders}} in every locale.',
  }),
  I18N_SIMPLIFIED: entry<{ char: string; traditional: string }>('error', {
    message: (a) => `Simplified character "${a.char}" in Traditional Chinese text (use "${a.traditional}").`,
    hint: () => 'The zh-Hant site is written in Traditional Chinese as used in Taiwan.',
  }),
  I18N_SAME_TEXT: entry<{ ns: string; key: string; value: string }>('warning', {
    message: (a) => `Same text in every locale: ${a.ns}:${a.key} = "${a.value}".`,
    hint: () => 'Translate it, or add it to `check.sameInAllLocales` in site/site.config.ts when it is a name or code.',
  }),
  GLOSSARY_VARIANT: entry<{ variant: string; preferred: string; english: string; glossary: string }>('warning', {
    message: (a) => `"${a.variant}" is a variant the glossary does not use: write "${a.preferred}" (${a.english}).`,
    hint: (a) =>
      `The site uses one term per concept, listed in ${a.glossary}. Write "${a.preferred}"; if "${a.variant}" is right here, ` +
      `remove it from the variants of "${a.preferred}" in ${a.glossary}.`,
  }),
  MIXED_SCRIPT_SPACE: entry<{ found: string; glossary: string }>('warning', {
    message: (a) =>
      `"${a.found}": a number or a Latin word touches the Chinese beside it (or a link whose text does); the site writes a space between them.`,
    hint: (a) =>
      `Write a half-width space between Chinese and a number, a Latin word or a link that starts or ends with one (2025 年 9 月, 營運控制中心 24 小時, ISO 9001 認證): the rule is in ${a.glossary}, Chinese and Latin in one text.`,
  }),
  STATION_CODE_WIDTH: entry<{ found: string; glossary: string }>('warning', {
    message: (a) => `"${a.found}": a station code in Chinese text stands in full-width parentheses.`,
    hint: (a) =>
      `Write the code in full-width parentheses, 桃園（TPE）, as every Chinese page does: the rule is in ${a.glossary}, Chinese and Latin in one text.`,
  }),
  HTML_INVALID: entry<{ page: string; reason: string; rule: string }>('error', {
    message: (a) => `Invalid HTML in ${a.page}: ${a.reason} (${a.rule}).`,
    hint: () => 'Fix the template or content that writes this markup; the rule set is in the README.',
  }),
  BUDGET_EXCEEDED: entry<{ page: string; size: string; kind: string; when: string; limit: string; files: string }>(
    'error',
    {
      message: (a) =>
        `${a.page} loads ${a.size} of ${a.kind} ${a.when} (gzip), over its ${a.limit} budget: ${a.files}.`,
      hint: () => 'Make the page lighter, or raise `check.budgets` in site/site.config.ts knowingly.',
    },
  ),
  FONT_BUDGET_EXCEEDED: entry<{ page: string; size: string; limit: string; files: string }>('warning', {
    message: (a) =>
      `${a.page} loads ${a.size} of fonts (the faces its text needs and those it preloads), over its ${a.limit} budget: ${a.files}.`,
    hint: () =>
      'Subset the face to the characters the site writes, load fewer weights (one variable file serves them all), preload only what the first view draws, or raise `check.budgets.fontKb` in site/site.config.ts knowingly.',
  }),
  IMAGE_OVER_BUDGET: entry<{ page: string; src: string; size: string; limit: string }>('error', {
    message: (a) =>
      `${a.page} shows the image \`${a.src}\` of ${a.size}, over the ${a.limit} budget of an image: a phone pays for every byte.`,
    hint: () =>
      'Save the photo smaller or with more compression (a photo is made into sizes up to twice the page column, so a larger original gains nothing), or raise `check.budgets.imageKb` in site/site.config.ts knowingly.',
  }),
  IMAGE_ALT_MISSING: entry<{ page: string; src: string }>('warning', {
    message: (a) =>
      `${a.page} shows the image \`${a.src}\` without alternative text: a screen reader says nothing of it, or reads its file name.`,
    hint: () =>
      'Say in a few words what the photo shows, between the brackets: `![The apron at dusk](/images/apron.jpg)`.',
  }),
};

export type ErrorCode = keyof typeof catalogue;

/** The arguments a code's message and hint are built from. */
export type ArgsOf<C extends ErrorCode> = (typeof catalogue)[C] extends CatalogueEntry<infer A> ? A : never;

/** Every code of the catalogue (the README lists them all). */
export const ERROR_CODES = Object.keys(catalogue) as ErrorCode[];

import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { Contact } from '../runtime/contacts.ts';
import type { SiteProblem, SourceLoc } from './problems/problem.ts';
import type {
  CheckConfig,
  HostName,
  LocaleConfig,
  NavItem,
  OrganizationConfig,
  RuntimeConfig,
  SecurityConfig,
  SiteRedirect,
  SiteScript,
  ThemeConfig,
} from './schema/config.ts';
import type { FrontMatter, JobFields } from './schema/front-matter.ts';

export type { SiteProblem, SourceLoc } from './problems/problem.ts';

// The configuration's and the front matter's types are inferred from their schemas.
export type {
  FrontMatter,
  JobFields,
  Contact,
  HostName,
  LocaleConfig,
  NavItem,
  RuntimeConfig,
  SecurityConfig,
  SiteRedirect,
  SiteScript,
};
export type { SiteConfigInput } from './schema/config.ts';

// The data that crosses the build's stages (architecture.md: Types).

export type LocaleCode = string;

export interface SiteLocale extends LocaleConfig {
  readonly titleSeparator: string;
}

/** A preview build is one no search engine indexes (behaviour.md: Publishing). */
export type BuildEnv = 'production' | 'preview';

/** Which pages a build holds back, and for what it is made (behaviour.md: Publishing). */
export interface PublishConfig {
  readonly timeZone: string;
  /** `--drafts`, `--future` (and `site serve --watch`): such pages are built, each marked. */
  readonly drafts: boolean;
  readonly future: boolean;
  readonly env: BuildEnv;
  /** `--env`, or the CI variable that chose it (`CONTEXT=deploy-preview`). */
  readonly envSource: string | null;
  readonly robots: readonly string[];
}

/** The configuration settled once at the edge, read-only downstream. */
export interface SiteConfig {
  readonly root: string;
  readonly configFile: string;
  readonly contentDir: string;
  readonly localesDir: string;
  readonly templatesDir: string;
  readonly publicDir: string;
  readonly locales: readonly SiteLocale[];
  readonly defaultLocale: LocaleCode;
  readonly fallbackLocale: LocaleCode;
  readonly organization: OrganizationConfig | null;
  /** Without a trailing slash; null when none is configured (SEO links are then root-relative). */
  readonly baseUrl: string | null;
  readonly host: HostName;
  readonly listPageSize: number;
  readonly titleSeparator: string;
  readonly keepWhole: readonly string[];
  readonly theme: ThemeConfig;
  readonly runtime: RuntimeConfig;
  readonly navigation: readonly NavItem[];
  readonly contacts: readonly Contact[];
  readonly redirects: readonly (SiteRedirect & { readonly line: number })[];
  readonly check: CheckConfig;
  readonly publish: PublishConfig;
  readonly security: SecurityConfig;
  readonly scripts: readonly SiteScript[];
}

/** One translation file of one page: `site/content/<path>.<locale>.md`. */
export interface ContentFile {
  readonly file: string;
  readonly path: string;
  readonly locale: LocaleCode;
  readonly data: FrontMatter;
  readonly body: string;
  readonly bodyLine: number;
  readonly keyLines: Readonly<Record<string, number>>;
  readonly addresses: readonly FieldAddress[];
}

/** A path of this site that a URL field of front matter names (`image: /images/a.svg`), and where. */
export interface FieldAddress {
  /** The field's path: `image`, `cards[2].href`. */
  readonly field: string;
  readonly value: string;
  readonly loc: SourceLoc;
}

export type MessageTree = { [key: string]: string | MessageTree };
export type Messages = Record<LocaleCode, Record<string, MessageTree>>;

export interface TemplateInventory {
  readonly pages: readonly string[];
  readonly layouts: readonly string[];
}

/** A locale-independent route: one path, its content in each locale that has it. */
export interface Route {
  readonly path: string;
  /** `<segments joined by ->`, `index` for `/` (behaviour.md: Route names). */
  readonly name: string;
  /** First path segment, or ``. */
  readonly section: string;
  readonly template: string;
  readonly layout: string;
  readonly order: number;
  readonly date: string | null;
  readonly contentLocales: readonly LocaleCode[];
  readonly files: Readonly<Record<LocaleCode, ContentFile>>;
}

/** Why a production build leaves a page out (behaviour.md: Publishing), and the day that decides it. */
export interface Unpublished {
  readonly kind: 'draft' | 'scheduled' | 'expired';
  /** The day it goes live (scheduled) or went out (expired). */
  readonly date: string | null;
}

export interface HeldRoute extends Unpublished {
  readonly route: Route;
  /** Built all the same, and marked (`--drafts`, `--future`). */
  readonly built: boolean;
}

export interface Alternate {
  readonly hreflang: string;
  readonly href: string;
}

/** A route in one locale: everything needed to render it, nothing about files. */
export interface Page {
  readonly route: Route;
  readonly locale: LocaleCode;
  /** Root-relative URL without a trailing slash: `/en/contact`, `/`. */
  readonly url: string;
  readonly name: string;
  /** The content file whose texts the page shows (another locale's on single-language pages). */
  readonly content: ContentFile;
  readonly canonical: string;
  readonly alternates: readonly Alternate[];
  /** In the sitemap. */
  readonly indexable: boolean;
  /** The front matter's `noindex: true`. */
  readonly noindex: boolean;
  /** Left out of production, built on request and marked. */
  readonly unpublished: Unpublished | null;
  readonly localeUrls: Readonly<Record<LocaleCode, string>>;
  /** The section's pages for the side navigation, in order (section layout only). */
  readonly sectionPages: readonly PageLink[];
  /** Pages the template lists: an overview's cards, the newest articles (front matter `list`). */
  readonly listed: readonly PageLink[];
  /** The main navigation's section menus: section → its pages (labels from `sidenav`). */
  readonly menus: Readonly<Record<string, readonly MenuLink[]>>;
  /** A list longer than a page is split (behaviour.md: Long lists): which page of it this is. */
  readonly pagination: Pagination | null;
}

/** One page of a long list; `shown` has null where pages are left out (toShownPages). */
export interface Pagination {
  readonly page: number;
  readonly pages: number;
  readonly shown: readonly ({ readonly page: number; readonly url: string } | null)[];
  readonly prev: string | null;
  readonly next: string | null;
}

export type MenuLink = Pick<PageLink, 'url' | 'name' | 'depth'>;

export interface PageLink {
  readonly url: string;
  /** Route name without the locale suffix: the key of its `sidenav` label. */
  readonly name: string;
  /** Locale of the title and description (another one on single-language pages). */
  readonly contentLocale: LocaleCode;
  readonly title: string;
  readonly description: string;
  readonly date: string | null;
  readonly depth: number;
  /** An article's illustration and its alt text (front matter `image`, `imageAlt`), for its card. */
  readonly image?: string;
  readonly imageAlt?: string;
  /** An article's topic (front matter `topic`): the key of the list of its topic. */
  readonly topic?: string;
  /** An article its front matter puts first in the newsroom (`featured: true`). */
  readonly featured?: true;
  /** Where the linked page is not written in this locale: its `summaries` line in this locale. */
  readonly summary?: string;
}

/** The page component's props, also `_payload.json` and the embedded data, so the three cannot drift. */
export interface Payload extends Pick<
  Page,
  'url' | 'locale' | 'localeUrls' | 'sectionPages' | 'listed' | 'menus' | 'pagination'
> {
  readonly buildId: string;
  readonly path: string;
  readonly name: string;
  /** Differs from `locale` on single-language pages. */
  readonly contentLocale: LocaleCode;
  readonly template: string;
  readonly layout: string;
  readonly title: string;
  readonly description: string;
  readonly date: string | null;
  readonly html: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly locales: readonly { code: LocaleCode; iso: string; name: string; prefix: string }[];
  readonly nav: readonly NavItem[];
  readonly contacts: readonly Contact[];
  /** Each date shown, as its locale writes it: the browser needs no formatter (behaviour.md: Dates and numbers). */
  readonly dates: Readonly<Record<string, string>>;
  /** The photos its front matter names, by path, for `<Image>` (behaviour.md: Images); absent when none. */
  readonly images?: Readonly<Record<string, ImageInfo>>;
  /** The browser updates the head from it after a client navigation. */
  readonly head: PageHead;
  /** Root-relative URL of the file its locale's pages share (`SharedData`). */
  readonly shared: string;
  /** A page a production build leaves out, built on request: the band that says so, in its language. */
  readonly unpublished?: Unpublished & { readonly label: string };
  /** Error pages: the status, the path asked for (404), where to try again (500). */
  readonly error?: { readonly status: number; readonly path?: string; readonly retry?: string };
}

/** Written once per locale as a content-hashed file (behaviour.md: Payloads). */
export interface SharedData extends Pick<Payload, SharedKey> {
  readonly messages: Readonly<Record<string, MessageTree>>;
}

type SharedKey = 'locales' | 'nav' | 'contacts' | 'menus';

export type PagePayload = Omit<Payload, SharedKey>;

/** A page's `_payload.json`: without the build id (the request's query), so it stays the same across builds. */
export type PayloadFile = Omit<PagePayload, 'buildId'>;

/** What a page's embedded data may leave out when it is empty (`runtime/shared-data.ts`). */
export type EmptyByDefault = 'data' | 'sectionPages' | 'listed' | 'pagination' | 'dates';

/** The data a page embeds: without what the page itself holds (prose, head, build id) and the empty parts. */
export type EmbeddedPayload = Omit<PagePayload, 'html' | 'head' | 'buildId' | EmptyByDefault> &
  Partial<Pick<PagePayload, EmptyByDefault>>;

export interface PageHead {
  /** The full `<title>`: page title, separator, site title (behaviour.md: Head and SEO). */
  readonly title: string;
  /** Null on error pages: no canonical, no alternates, `noindex`. */
  readonly canonical: string | null;
  readonly alternates: readonly Alternate[];
  readonly ogLocale: string;
  readonly ogType: string;
  /** Not to be indexed (the page's `noindex`, or a preview build); absent otherwise. */
  readonly noindex?: true;
}

export interface RenderedPage {
  readonly url: string;
  readonly locale: LocaleCode;
  readonly html: string;
  readonly payload: Payload;
}

/** What the bundle stage produces: the server render module and the browser files (URLs root-relative). */
export interface ClientAssets {
  readonly serverModule: string;
  /** The runtime's entry module: what a page runs on first view. */
  readonly boot: string;
  /** The chunks every page loads once idle, beyond its first view and its template's (behaviour.md: Pages on demand). */
  readonly idle: readonly string[];
  readonly templates: Readonly<Record<string, readonly string[]>>;
  /** Source files behind what every page runs and behind each page template. */
  readonly sources: {
    readonly boot: readonly string[];
    readonly templates: Readonly<Record<string, readonly string[]>>;
  };
  /** The blocking script of the bare root `/` (behaviour.md: Root redirect). */
  readonly rootRedirect: string;
  readonly css: string;
  readonly noscriptCss: string;
  readonly notFoundScript: string;
  readonly shared: Readonly<Record<LocaleCode, string>>;
  /** The Content Security Policy, carried by the pages where the host sends no headers. */
  readonly policy: string;
  /** Every file to write under `_app/`: output-relative path → contents. */
  readonly files: ReadonlyMap<string, string | Uint8Array>;
  readonly icons?: {
    readonly touch: string;
    readonly small: string;
    readonly large: string;
    readonly manifests: Readonly<Record<LocaleCode, string>>;
  };
  readonly cards?: ReadonlyMap<string, string>;
  /** An article's card in the other shapes results show, by page URL (behaviour.md: Sharing). */
  readonly cardVariants?: ReadonlyMap<string, readonly CardVariant[]>;
}

export interface CardVariant {
  readonly path: string;
  readonly width: number;
  readonly height: number;
}

/** The bundle step's assets: the shared data and the policy need the pages. */
export type CodeAssets = Omit<ClientAssets, 'shared' | 'policy'>;

export interface BuildManifest {
  readonly id: string;
  readonly timestamp: number;
  /** Every page URL, without a trailing slash, `/` and `/en` included (behaviour.md: Build manifests). */
  readonly prerendered: readonly string[];
  readonly assets?: readonly string[];
  /** Earlier builds whose `_app/` files and manifest this output still holds (newest first). */
  readonly kept?: readonly string[];
  /** So `site check` checks the output against it. */
  readonly builtWith?: BuiltWith;
  /** Each locale's index folder (behaviour.md: Search). */
  readonly search?: Readonly<Record<LocaleCode, string>>;
  readonly shared?: Readonly<Record<LocaleCode, string>>;
  /** The old addresses the output answers with a redirect (behaviour.md: Moved and removed pages). */
  readonly redirects?: readonly SiteRedirect[];
  readonly policy?: string;
  /** Pages the output this build replaced had, and this build neither writes nor redirects. */
  readonly removed?: readonly string[];
  /** Undated pages by URL: their content hash and the day a build first saw it (behaviour.md: Sitemap and robots). */
  readonly dated?: Readonly<Record<string, string>>;
  readonly scripts?: Pick<ClientAssets, 'idle' | 'templates'>;
}

export interface BuiltWith {
  readonly baseUrl: string | null;
  /** Absent in outputs built before hosts were chosen: those are laid out as `nginx` is. */
  readonly host?: HostName;
  readonly defaultLocale: LocaleCode;
  readonly locales: readonly { readonly code: LocaleCode; readonly iso: string; readonly prefix: string }[];
}

export interface StageTiming {
  readonly stage: string;
  readonly ms: number;
}

export interface BuildReport {
  readonly buildId: string;
  readonly outDir: string | null;
  readonly pagesPerLocale: Readonly<Record<LocaleCode, number>>;
  readonly errorPages: number;
  readonly files: number;
  readonly bytes: number;
  /** Files given `.gz` and `.br` siblings (`site build --precompress`); counted in `files` too. */
  readonly precompressed: number;
  readonly stages: readonly StageTiming[];
  readonly totalMs: number;
  readonly peakRssMb: number;
  /** Nothing the code bundle is made of changed. */
  readonly bundleReused: boolean;
  /** 1, or every core for a large build. */
  readonly renderThreads: number;
  readonly pagesRendered: number;
  readonly cards: { readonly total: number; readonly drawn: number };
  /** Photos (behaviour.md: Images); the rest came from the cache. */
  readonly images: { readonly total: number; readonly made: number };
  /** Locale indexes made (the rest were cached) and their bytes; null when none was (`site check`). */
  readonly search: { readonly indexed: number; readonly bytes: Readonly<Record<LocaleCode, number>> } | null;
  readonly env: { readonly name: BuildEnv; readonly source: string | null };
  /** The pages a production build left out (or, with `--drafts` / `--future`, built and marked). */
  readonly held: readonly (Omit<HeldRoute, 'route'> & { readonly path: string })[];
  readonly warnings: readonly SiteProblem[];
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface TemplateProps {
  readonly payload: Payload;
  readonly t: Translate;
}

export interface LayoutProps extends TemplateProps {
  readonly children: ReactNode;
}

export interface AppProps extends TemplateProps {
  readonly Page: ComponentType<TemplateProps>;
  readonly Layout: ComponentType<LayoutProps>;
  /** Browser only: the site's search (behaviour.md: Search). */
  readonly search?: SiteSearch;
  /**
   * Where a short text may end a line between Chinese words (behaviour.md: Presentation); `tieEnd`:
   * not before a short last word (a title, a lead, a label; not running text).
   */
  readonly breaks: (text: string, tieEnd?: boolean) => readonly number[] | null;
  /** Browser only: where the server tied a running text's end, read from its markup (or null). */
  readonly ties?: (text: string) => number | null;
  /** Server only: markup rendered once per build by id (behaviour.md: Presentation, Markup rendered once). */
  readonly reuse?: Reuse;
  /** Browser only: the controls that worked before hydration (behaviour.md: Controls before hydration). */
  readonly controls?: PageControls;
}

/** What the page's controls were left doing when the app takes them over. */
export interface ControlsState {
  /** The id of the dialog a `data-opens` button opened (the drawer), or null. */
  readonly dialog: string | null;
  /** The `aria-controls` of the `data-toggles` button whose menu is open, or null. */
  readonly menu: string | null;
  /** Whether the visitor asked for the search (a `data-search` control, `/`, Ctrl-K). */
  readonly search: boolean;
}

/** The controls that work before hydration (runtime/controls.ts), handed to the app. */
export interface PageControls {
  /** Stops handling the controls, says what is open, and hands the app a click made meanwhile. */
  takeOver(): ControlsState;
}

/** Renders `render()` once per id; `provide` wraps the element's children in the contexts it reads. */
export type Reuse = (
  id: string,
  render: () => ReactElement,
  provide: (children: ReactNode) => ReactElement,
) => ReactElement;

export interface SearchHit {
  readonly url: string;
  readonly title: string;
  readonly section: string;
  /** A passage of the page's text: the words that matched are marked. Plain text, never markup. */
  readonly excerpt: readonly { readonly text: string; readonly mark: boolean }[];
}

/** The search the browser runtime gives the templates; its code and index load on first use. */
export interface SiteSearch {
  /** Starts loading the search code and the locale's index (a hover or focus on the control). */
  prepare(locale: LocaleCode): Promise<void>;
  /** The locale's pages that match, best first (at most `limit`), and how many match in all. */
  search(
    locale: LocaleCode,
    query: string,
    limit?: number,
  ): Promise<{ readonly total: number; readonly hits: readonly SearchHit[] }>;
}

export interface CardTask {
  readonly serverModule: string;
  readonly props: ShareCardProps;
  /** Each PNG to draw: the card (1200 × 630), then the same card in other shapes. */
  readonly sizes: readonly { readonly width: number; readonly height: number }[];
}

/** Texts in the page's language, the logo as a data URL (behaviour.md: Sharing). */
export interface ShareCardProps {
  readonly title: string;
  /** UTF-16 offsets where the title may break between Chinese words; null without Chinese. */
  readonly titleBreaks: readonly number[] | null;
  readonly section: string | null;
  readonly company: string;
  readonly brand: string;
  readonly site: string;
  readonly logo: string;
  readonly colors: { readonly navy: string; readonly primary: string; readonly accent: string };
}

export interface ServerModule {
  readonly ShareCard?: ComponentType<ShareCardProps>;
  readonly App: ComponentType<AppProps>;
  readonly pages: Readonly<Record<string, ComponentType<TemplateProps>>>;
  readonly layouts: Readonly<Record<string, ComponentType<LayoutProps>>>;
}

/** Which URLs exist, and each page's URL per locale. */
export interface LinkIndex {
  readonly pages: ReadonlyMap<string, { readonly path: string; readonly locale: LocaleCode }>;
  readonly urls: ReadonlyMap<string, Readonly<Record<LocaleCode, string>>>;
  readonly publicFiles: ReadonlySet<string>;
  readonly contacts?: readonly Contact[];
  /** Words a table cell's line never ends inside (the configuration's `keepWhole`). */
  readonly keepWhole?: readonly string[];
  /** URLs of the pages this build leaves out, and why (behaviour.md: Publishing). */
  readonly held?: ReadonlyMap<string, Unpublished>;
  /** The photos of site/public the build made sizes of, by root-relative path (behaviour.md: Images). */
  readonly images?: ImageIndex;
}

/** A photo of site/public as pages show it: oriented size, each format's `srcset` (behaviour.md: Images). */
export interface ImageInfo {
  readonly key: string;
  readonly width: number;
  readonly height: number;
  /** `srcset` of each format, best first: AVIF, WebP, then the source's own format. */
  readonly avif: string;
  readonly webp: string;
  readonly fallback: { readonly type: string; readonly src: string; readonly srcset: string };
  readonly sizes: string;
}

export interface ImageFailure {
  readonly failed: string;
}

/** Root-relative path of each raster file of site/public → what the build made of it. */
export type ImageIndex = ReadonlyMap<string, ImageInfo | ImageFailure>;

export interface ImageTask {
  readonly file: string;
}

/** What was made of a photo: its size after orientation and each file, by name suffix (`736.avif`). */
export interface MadeImage {
  readonly width: number;
  readonly height: number;
  readonly files: readonly { readonly width: number; readonly ext: string; readonly bytes: Uint8Array }[];
}

export interface MissingKey {
  readonly locale: LocaleCode;
  readonly ns: string;
  readonly key: string;
  readonly usedBy: string;
}

export interface PagesTask {
  readonly config: SiteConfig;
  readonly assets: ClientAssets;
  readonly buildId: string;
  readonly links: LinkIndex;
  readonly messages: Messages;
  readonly pages: readonly Page[];
}

export interface PagesResult {
  readonly rendered: readonly (RenderedPage | null)[];
  readonly problems: readonly SiteProblem[];
  readonly missing: readonly MissingKey[];
}

import type { SiteConfigInput } from '../generator/types.ts';

// The site's settings. Every value is validated when the build starts; an invalid one stops the
// build with an error naming the field and its line here.
const config: SiteConfigInput = {
  // Traditional Chinese at bare paths, English under /en (behaviour.md: Locales). Each page title
  // ends with the brand; the home page's is the brand and its claim (behaviour.md: Head and SEO).
  locales: [
    {
      code: 'zhHant',
      iso: 'zh-Hant',
      name: '繁體中文',
      prefix: '',
      ogLocale: 'zh_TW',
      siteTitle: '雲翔航勤',
      titleSeparator: '｜',
      claim: '專業航空地勤服務',
    },
    {
      code: 'en',
      iso: 'en-US',
      name: 'English',
      prefix: '/en',
      ogLocale: 'en_US',
      siteTitle: 'CloudWing',
      claim: 'Airport Ground Handling',
    },
  ],
  defaultLocale: 'zhHant',
  fallbackLocale: 'zhHant',
  // Overridden by SITE_BASE_URL or `site build --base-url`.
  baseUrl: 'https://cloudwing.example',
  titleSeparator: ' | ',
  timeZone: 'Asia/Taipei',
  // The company as one entity in structured data (behaviour.md: Sharing): its headquarters'
  // postal code and its stations; the words of its address are in the `common` texts.
  organization: {
    country: 'TW',
    postalCode: '337',
    stations: [{ iataCode: 'TPE', headquarters: true }, { iataCode: 'KHH' }, { iataCode: 'TSA' }, { iataCode: 'RMQ' }],
  },
  // Terms (most of them of the glossary, docs/glossary.md, and the stations' airports) the word breaker takes
  // apart: a title or a label never ends a line inside them (營運控制 / 中心, 桃園 / 國際機場).
  keepWhole: [
    '營運控制中心',
    '安全品質室',
    '企業事務部',
    '股東常會',
    '地面支援設備',
    '地面電源',
    '地面空調',
    '客艙整備',
    '載重管制',
    '旅客服務',
    '安全錐',
    '服務建議書',
    '林雅婷',
    '臺北松山',
    '桃園國際機場',
    '高雄國際機場',
    '臺北松山機場',
    '臺中國際機場',
  ],
  // The theme and the runtime constants (behaviour.md: Constants).
  // The brand face for Latin text is preloaded: every page's first view shows some (behaviour.md: Presentation).
  theme: {
    dark: false,
    primary: '#0066cc',
    secondary: '#03dac6',
    ripple: false,
    preloadFonts: ['/fonts/ibm-plex-sans-latin.woff2'],
  },
  runtime: {
    cookieName: 'i18n_redirected',
    cookieMaxAgeDays: 365,
    reloadGuardMs: 10000,
    idleCheckDelayMs: 1000,
    prefetchLimit: 4,
    repaintWaitMs: 100,
    notificationMs: 5000,
    drawerWidth: 256,
    // 0: no rail; tablets have the header's menu button and the drawer, as phones do.
    railWidth: 0,
  },
  // The main navigation: labels come from the `nav` namespace; a `section` entry opens a menu
  // of that section's pages.
  navigation: [
    { key: 'home', path: '/' },
    { key: 'about', path: '/about/about-layout', section: 'about' },
    { key: 'services', path: '/services/service-layout', section: 'services' },
    { key: 'strengths', path: '/strengths/strengths-layout', section: 'strengths' },
    { key: 'news', path: '/news' },
    { key: 'customers', path: '/customers' },
    { key: 'jobs', path: '/jobs', section: 'jobs' },
    { key: 'procurement', path: '/procurement' },
    { key: 'contact', path: '/contact' },
  ],
  // Every department's e-mail address and numbers: pages link them wherever they appear (a fax number
  // stays text), and contact blocks and the contact page show them (behaviour.md: Contact details).
  // Each key is labelled by `contacts.<key>` in the `common` namespace. The first is the company's
  // general contact: the footer shows its e-mail address beside the telephone and fax numbers.
  contacts: [
    { key: 'service', email: 'service@cloudwing.example', phone: '+886-3-555-0100', fax: '+886-3-555-0199' },
    { key: 'recruit', email: 'recruit@cloudwing.example', phone: '+886-3-555-0100' },
    { key: 'procurement', email: 'procurement@cloudwing.example', phone: '+886-3-555-0100' },
    { key: 'ir', email: 'ir@cloudwing.example', phone: '+886-3-555-0100' },
    { key: 'media', email: 'media@cloudwing.example' },
  ],
  // Old addresses no page carries, sent on (behaviour.md: Moved and removed pages): the careers
  // section's former name, and a recruiting campaign's printed address, which will point elsewhere
  // next season (302).
  redirects: [
    { from: '/careers', to: '/jobs' },
    { from: '/en/careers', to: '/en/jobs' },
    { from: '/recruiting-day', to: '/jobs/jobs-positions', status: 302 },
  ],
  // The proposal request's form is written as an e-mail to the sales team: without JavaScript
  // the browser posts it to a `mailto:` address (behaviour.md: Proposal requests).
  security: { formAction: ['mailto:'] },
  // `site check`: what a page may load (gzip: 15 KB of JavaScript before `load`, 120 KB once idle,
  // React and the translator among it, and 4 KB of embedded data), and strings that read the same
  // in both languages by design (names, codes, addresses) and need no warning.
  check: {
    budgets: { jsKb: 15, idleJsKb: 120, cssKb: 20, payloadKb: 4, fontKb: 60 },
    sameInAllLocales: [
      // The language switcher's short labels on phones, each language named in its own.
      'EN',
      '中文',
      'ISAGO',
      'ISO 9001',
      'ISO 14001',
      'ISO 45001',
      'IATA',
      'TPE',
      'KHH',
      'TSA',
      'RMQ',
      'CW-ET60',
      'CW-UD20',
      'CW-AL12',
      'CW-PCA90',
      'CW-BL8',
      '+886-3-555-0100',
      '+886-3-555-0199',
      '+886-3-555-0111',
      '+886-7-555-0200',
      '+886-2-555-0300',
      '+886-4-555-0400',
      'service@cloudwing.example',
      'recruit@cloudwing.example',
      'procurement@cloudwing.example',
      'ir@cloudwing.example',
      'media@cloudwing.example',
      // Each station's scene (`common:airports.<code>.image`): one picture for both languages.
      '/images/station-tpe.svg',
      '/images/station-khh.svg',
      '/images/station-tsa.svg',
      '/images/station-rmq.svg',
    ],
  },
};

export default config;

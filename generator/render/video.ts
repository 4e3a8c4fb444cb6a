import { toHtmlText } from '../escape.ts';
import type { VideoProvider } from '../hosts.ts';
import type { Page } from '../types.ts';

// A page's video after its prose (behaviour.md: Video embeds): a poster that requests nothing from
// the host and links to the video there; once idle, the runtime plays it in place. Part of the
// prose, it costs the first view no code, and React leaves the runtime's changes alone.

const PLAYERS: Readonly<Record<VideoProvider, { name: string; player: string; page: string }>> = {
  youtube: {
    name: 'YouTube',
    player: 'https://www.youtube-nocookie.com/embed/{id}?autoplay=1',
    page: 'https://www.youtube.com/watch?v={id}',
  },
  vimeo: {
    name: 'Vimeo',
    player: 'https://player.vimeo.com/video/{id}?autoplay=1&dnt=1',
    page: 'https://vimeo.com/{id}',
  },
};

const PLAY_BUTTON =
  '<svg class="video-embed__play" viewBox="0 0 68 48" aria-hidden="true" focusable="false">' +
  '<rect width="68" height="48" rx="12"></rect><path d="M27 14v20l18-10z"></path></svg>';

/** The poster of the page's video, or nothing; its fields were checked with the front matter. */
export function renderVideoPoster(page: Page): string {
  const video = page.content.data.extra.video as { provider?: unknown; id?: unknown; title?: unknown } | undefined;
  if (!video || !Object.hasOwn(PLAYERS, String(video.provider))) return '';
  const provider = PLAYERS[video.provider as VideoProvider];
  const id = encodeURIComponent(String(video.id));
  const title = toHtmlText(String(video.title));
  return [
    '<figure class="video-embed">',
    `<a class="video-embed__poster" href="${toHtmlText(provider.page.replace('{id}', id))}"`,
    ` data-video-player="${toHtmlText(provider.player.replace('{id}', id))}" data-video-title="${title}">`,
    `${PLAY_BUTTON}<span class="video-embed__title">${title}</span>`,
    `<span class="video-embed__host">${provider.name}</span></a></figure>`,
  ].join('');
}

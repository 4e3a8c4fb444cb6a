import { useState } from 'react';
import { toRecord, toText, type Data } from './data.ts';

// A page's video (front matter `video`, behaviour.md: Video embeds): a poster drawn here, with the
// title and a play button, and nothing from the video's host until the visitor asks for it. Without
// JavaScript the poster is a link to the video on its host's own site.

const PLAYERS = {
  youtube: {
    name: 'YouTube',
    embed: (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
    page: (id: string) => `https://www.youtube.com/watch?v=${id}`,
  },
  vimeo: {
    name: 'Vimeo',
    embed: (id: string) => `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`,
    page: (id: string) => `https://vimeo.com/${id}`,
  },
} as const;

export default function VideoEmbed({ data }: { data: Data }) {
  const [playing, setPlaying] = useState(false);
  const video = toRecord(data.video);
  const provider = toText(video?.provider);
  const id = toText(video?.id);
  const title = toText(video?.title);
  if (!provider || !id || !title || !Object.hasOwn(PLAYERS, provider)) return null;
  const player = PLAYERS[provider as keyof typeof PLAYERS];
  return (
    <figure className="video-embed">
      {playing ? (
        <iframe
          className="video-embed__frame"
          src={player.embed(encodeURIComponent(id))}
          title={title}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <a
          className="video-embed__poster"
          href={player.page(encodeURIComponent(id))}
          data-video={provider}
          onClick={(event) => {
            event.preventDefault();
            setPlaying(true);
          }}
        >
          <svg className="video-embed__play" viewBox="0 0 68 48" aria-hidden="true" focusable="false">
            <rect width="68" height="48" rx="12" />
            <path d="M27 14v20l18-10z" />
          </svg>
          <span className="video-embed__title">{title}</span>
          <span className="video-embed__host">{player.name}</span>
        </a>
      )}
    </figure>
  );
}

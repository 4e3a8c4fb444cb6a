// The click that plays a page's video (behaviour.md: Video embeds): the poster the server drew
// stays in the page, hidden, and the player's frame goes beside it, so what React rendered is left
// as it was. Before this code is loaded (the page not yet idle) the poster is a plain link to the
// video on its host's own site.

/** Plays videos from their posters, on this page and every page a client navigation shows. */
export function watchVideoPosters(): void {
  document.addEventListener('click', (event) => {
    const poster = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-video-player]');
    if (!poster || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const frame = document.createElement('iframe');
    frame.className = 'video-embed__frame';
    frame.src = poster.dataset.videoPlayer ?? '';
    frame.title = poster.dataset.videoTitle ?? '';
    frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
    frame.allowFullscreen = true;
    poster.hidden = true;
    poster.after(frame);
    frame.focus();
  });
}

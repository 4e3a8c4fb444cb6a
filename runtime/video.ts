// behaviour.md: Video embeds. The poster is hidden, not replaced, so React's tree stays as rendered.

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

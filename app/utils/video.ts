/** The video provider's privacy-enhanced player: no cookies until the visitor presses play. */
export const VIDEO_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * The player address for a video id. Browsers only autoplay muted video; `playsinline` keeps
 * phones from going full screen; `rel=0` keeps suggestions to our channel; without `loop` the
 * video stops at its end.
 */
export function videoEmbedUrl(videoId: string) {
  return `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1&mute=1&playsinline=1&rel=0`;
}

import { useBanners } from '../oneconnect/react.tsx';
import { safeLinkTarget } from '../core/urlGuard.ts';

/**
 * The targeted promotional banners, each dismissible. While they load (a targeted layout; the
 * prerendered page too) their strip is already in place at its full height, so their arrival moves
 * nothing; several banners scroll sideways in that strip. A visitor with none sees no strip.
 */
export function Banners() {
  const { banners, dismiss, isLoading } = useBanners();
  if (!isLoading && banners.length === 0) return null;
  return (
    <section aria-label="Announcements" className="banners" aria-busy={isLoading}>
      {banners.map((banner) => (
        <aside key={banner.id} className="banner" data-banner-id={banner.id}>
          {banner.title ? <h2>{banner.title}</h2> : null}
          {banner.text ? <p>{banner.text}</p> : null}
          {banner.link ? <a href={safeLinkTarget(banner.link.href) ?? '#'}>{banner.link.label ?? banner.link.href}</a> : null}
          <button type="button" onClick={() => dismiss(banner.id)} aria-label={`Dismiss: ${banner.title ?? banner.id}`}>
            ×
          </button>
        </aside>
      ))}
    </section>
  );
}

import { useBanners } from '../oneconnect/react.tsx';
import { safeLinkTarget } from '../core/urlGuard.ts';

/** The targeted promotional banners, each dismissible. */
export function Banners() {
  const { banners, dismiss } = useBanners();
  if (banners.length === 0) return null;
  return (
    <section aria-label="Announcements" className="banners">
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

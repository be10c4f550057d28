import { Link } from './router/Link.tsx';

/** The home page's hero: headline, a call to action, a careers link and the hero image. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container">
        <div>
        <h1 id="hero-title">Engineering what flies next</h1>
        <p>Aircraft, satellites and mission systems, from the first sketch to decades of support in service.</p>
        <p>
          <Link className="cta" data-track="cta" href="/search?q=satellite">
            Explore our capabilities
          </Link>{' '}
          <Link href="/careers">Join our engineering teams</Link>
        </p>
        </div>
        <img
          src="/-/media/images/hero-1280.svg"
          srcSet="/-/media/images/hero-640.svg 640w, /-/media/images/hero-1280.svg 1280w"
          sizes="(min-width: 992px) 50vw, 100vw"
          width={1280}
          height={720}
          alt="An aircraft climbing into a clear sky"
          fetchPriority="high"
        />
      </div>
    </section>
  );
}

import { RecommendationWidget } from '../../search/react.tsx';
import { usePersonalize } from '../../engagement/react.tsx';
import { Banners } from '../Banners.tsx';
import { Hero } from '../Hero.tsx';
import { siteConfig } from '../siteConfig.ts';

/** The home page: hero with a CTA and a careers link, targeted banners, personalised and recommended content. */
export default function HomePage() {
  const personalised = usePersonalize({ friendlyId: 'homepage_hero', channel: 'WEB', currency: 'GBP' }, { timeout: 3000 });
  const offer = personalised.data && typeof personalised.data === 'object' ? (personalised.data as Record<string, unknown>) : null;
  return (
    <>
      <Hero />
      <div className="container">
        <Banners />
        {offer ? (
          <section aria-label="Picked for you" className="card" data-personalized="">
            <h2>Picked for you</h2>
            <p>{String(offer.headline ?? offer.title ?? 'Content chosen from your interests.')}</p>
          </section>
        ) : null}
        <section aria-label="Recommended capabilities">
          <RecommendationWidget rfkId={siteConfig.widgets.recommendation} />
        </section>
      </div>
    </>
  );
}

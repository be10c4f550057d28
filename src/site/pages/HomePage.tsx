import { RecommendationWidget } from '../../search/react.tsx';
import { usePersonalize } from '../../engagement/react.tsx';
import { ArticleCard, type Article } from '../ArticleCard.tsx';
import { Banners } from '../Banners.tsx';
import { Hero } from '../Hero.tsx';
import { siteConfig } from '../siteConfig.ts';

// Editorial teasers; in production they come from the content platform's route data.
const INSIGHTS: Article[] = [
  { id: 'insight-hypersonics', title: 'Why hypersonic testing needs new wind tunnels', summary: 'Our test engineers on measuring flight at Mach 6.', likeCount: 42, viewCount: 1280 },
  { id: 'insight-space-debris', title: 'Tracking space debris from low Earth orbit', summary: 'How small satellites keep orbits safe for everyone.', likeCount: 17, viewCount: 640 },
];

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
        <section aria-labelledby="insights-title">
          <h2 id="insights-title">Insights</h2>
          <div className="grid">
            {INSIGHTS.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </div>
        </section>
        <section aria-label="Recommended capabilities">
          <RecommendationWidget rfkId={siteConfig.widgets.recommendation} />
        </section>
      </div>
    </>
  );
}

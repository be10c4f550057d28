// The default renderers of the widgets that only list what the service chose: recommendations, and
// questions with their answer.
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { useQuestions, useRecommendation, type UseQuestionsOptions, type UseRecommendationOptions } from './hooks.ts';
import { useWidgetLabels } from './labels.ts';
import { ItemLink, WidgetStatus } from './widgetParts.tsx';

/**
 * Default recommendation renderer (unstyled, `search-recommendation*` class names): a titled list of
 * items. `title` is its heading; `null` leaves the heading out, for a page that heads the widget
 * itself (one heading per section). Defaults to the widget labels' `recommended` ("Recommended for you").
 */
export function RecommendationView({ title: given, ...options }: UseRecommendationOptions & { title?: string | null }) {
  const { widgetRef, queryResult, actions } = useRecommendation(options);
  const labels = useWidgetLabels();
  const title = given === undefined ? labels.recommended : given;
  return (
    <section ref={widgetRef} className="search-recommendation" aria-label={title ?? undefined}>
      {title === null ? null : <h2 className="search-recommendation__title">{title}</h2>}
      <WidgetStatus queryResult={queryResult} />
      <ul className="search-recommendation__items">
        {queryResult.data?.content.map((item, i) => (
          <li key={item.id} className="search-item">
            <ItemLink item={item} index={i} onItemClick={actions.onItemClick} image />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Default questions-and-answers renderer: the answer (with its source link) and related questions as disclosures. */
export function QuestionsView(options: UseQuestionsOptions) {
  const { widgetRef, queryResult } = useQuestions(options);
  const labels = useWidgetLabels();
  const questions = queryResult.data?.questions;
  const exact = questions?.exact_answer;
  const source = safeLinkTarget(exact?.source?.url);
  return (
    <section ref={widgetRef} className="search-questions" aria-label={labels.questions}>
      <WidgetStatus queryResult={queryResult} />
      {exact && (
        <div className="search-questions__answer">
          <h3>{exact.question}</h3>
          <p>{exact.answer}</p>
          {source && <a href={source}>{exact.source?.name ?? source}</a>}
        </div>
      )}
      {(questions?.related_questions?.length ?? 0) > 0 && (
        <div className="search-questions__related">
          <h3>{labels.relatedQuestions}</h3>
          {questions?.related_questions?.map((q) => (
            <details key={q.id ?? q.question}>
              <summary>{q.question}</summary>
              <p>{q.answer}</p>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}

import { useQuestions, type UseQuestionsOptions } from './useQuestions.ts';
import { WidgetStatus } from './WidgetStatus.tsx';
import { safeLinkTarget } from '../../core/urlGuard.ts';

/** Default questions-and-answers renderer: the answer (with its source link) and related questions as disclosures. */
export function QuestionsView(options: UseQuestionsOptions) {
  const { widgetRef, queryResult } = useQuestions(options);
  const questions = queryResult.data?.questions;
  const exact = questions?.exact_answer;
  const source = safeLinkTarget(exact?.source?.url);
  return (
    <section ref={widgetRef} className="search-questions" aria-label="Questions and answers">
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
          <h3>Related questions</h3>
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

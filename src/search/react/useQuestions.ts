import { useCallback, useMemo, useState } from 'react';
import { createWidgetRequest, type WidgetRequestBuilder } from '../createWidgetRequest.ts';
import type { WidgetOfType } from '../types.ts';
import { useWidgetData, type WidgetDataResult } from './useWidgetData.ts';
import { useWidget } from './widget.tsx';
import { useWidgetsContext } from './WidgetsProvider.tsx';

/** Options of {@link useQuestions}. */
export interface UseQuestionsOptions {
  /** The question asked first. Defaults to `''`. */
  keyphrase?: string;
  /** Related questions to ask for. Defaults to 3. */
  relatedQuestions?: number;
  /** Adjusts the request before it is sent. Defaults to none. */
  query?: (request: WidgetRequestBuilder) => void;
}

/** What {@link useQuestions} returns. */
export interface QuestionsResult extends WidgetDataResult<WidgetOfType<'questions_answers'>> {
  state: { keyphrase: string };
  actions: { onKeyphraseChange(payload: { keyphrase: string }): void };
}

/** The questions-and-answers widget: the answer to the visitor's question and related questions. */
export function useQuestions(options: UseQuestionsOptions = {}): QuestionsResult {
  const { client } = useWidgetsContext();
  const widget = useWidget();
  const [keyphrase, setKeyphrase] = useState(options.keyphrase ?? '');
  const request = createWidgetRequest(widget.rfkId, widget.entity).set({
    questions: {
      ...(keyphrase ? { keyphrase } : {}),
      exact_answer: { include_sources: true },
      related_questions: { limit: options.relatedQuestions ?? 3, include_sources: true },
    },
  });
  options.query?.(request);
  const result = useWidgetData<'questions_answers'>(request.build());
  const onKeyphraseChange = useCallback(
    (payload: { keyphrase: string }) => {
      if (typeof payload?.keyphrase !== 'string') return client.logger.warn('Invalid keyphrase: it should be a string');
      setKeyphrase(payload.keyphrase);
      client.events.dispatch({ type: 'questions/KEYPHRASE_CHANGED', rfkId: widget.rfkId, entity: widget.entity, widgetType: widget.type, instanceId: widget.instanceId, payload });
    },
    [client, widget],
  );
  const actions = useMemo(() => ({ onKeyphraseChange }), [onKeyphraseChange]);
  return { ...result, state: { keyphrase }, actions };
}

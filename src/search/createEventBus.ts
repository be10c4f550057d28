import type { SearchLogger } from './types.ts';

/** A lifecycle or interaction event of a widget, e.g. `core/WIDGET_APPEAR` or `searchResults/SORT_CHANGED`. */
export interface WidgetEvent {
  /** The action name. */
  type: string;
  /** The widget's id, when the event concerns one widget. */
  rfkId?: string;
  /** The widget's content entity. */
  entity?: string;
  /** The widget's type (e.g. `content_grid`). */
  widgetType?: string;
  /** The widget instance (several instances may share an rfkId). */
  instanceId?: string;
  /** What happened: the action's payload, the request, the answer or the error. */
  payload?: unknown;
}

/** Listener of {@link WidgetEvent}s. */
export type WidgetEventListener = (event: WidgetEvent) => void;

/** Subscribe to and dispatch {@link WidgetEvent}s. */
export interface EventBus {
  /** Calls `listener` for every later event; returns the unsubscribe function. */
  subscribe(listener: WidgetEventListener): () => void;
  /** Calls every listener; a listener that throws is logged and the others still run. */
  dispatch(event: WidgetEvent): void;
}

/** Creates the client's event bus. */
export function createEventBus(logger: SearchLogger): EventBus {
  const listeners = new Set<WidgetEventListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          logger.error('A widget event listener failed', event.type, error);
        }
      }
    },
  };
}

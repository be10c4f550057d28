/** The sessionStorage key of the event queue (one JSON array for every event). */
export const QUEUE_KEY = 'EngageEventQueue';

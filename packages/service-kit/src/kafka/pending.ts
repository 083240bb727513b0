/** Finds the documents with events still to send; the relay's sweep and the backlog gauges. (A module
 *  of its own so the metrics, which every service has, need not load mongoose for it.) */
export const HAS_PENDING_EVENTS = { 'outboxPending.0': { $exists: true } };

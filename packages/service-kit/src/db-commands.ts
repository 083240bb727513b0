import type { Connection } from 'mongoose';
import { currentTrace, type TraceContext } from './trace';

/** The database commands a traced request or event has sent so far, by `<command> <collection>`. */
const tallies = new WeakMap<TraceContext, Record<string, number>>();
/** The clients counted already. */
const counted = new WeakSet<object>();

interface StartedCommand {
  commandName: string;
  command: Record<string, unknown>;
}

/** The collection a command works on: named by the command itself (`{ update: 'orders', … }`), or in
 *  `collection` for a cursor's next batch. */
function collectionOf({ commandName, command }: StartedCommand): string {
  const named = command[commandName];
  if (typeof named === 'string') return named;
  return typeof command.collection === 'string' ? command.collection : '';
}

/**
 * Counts the commands the client sends to the database (the driver's command monitoring: what goes
 * on the wire, a bulk write's batches and a cursor's `getMore`s included) for the trace they are sent
 * in, so that a traced request's or event's log line can say which commands it cost (`dbCommands`).
 * Work outside any trace is not counted: only sampled requests, and those a caller sent a
 * traceparent with, are traced. Once monitoring is on the driver builds its event objects for every
 * command (for a find of a small document, lost in the noise of the client's own work on the find);
 * the count itself is one look-up of the trace.
 */
export function tallyCommandsByTrace(connection: Connection): void {
  const client = connection.getClient();
  if (counted.has(client)) return; // a connection opened again may keep its client
  counted.add(client);
  client.on('commandStarted', (event: StartedCommand) => {
    const trace = currentTrace();
    if (!trace) return;
    const tally = tallies.get(trace) ?? {};
    const key = `${event.commandName} ${collectionOf(event)}`.trim();
    tally[key] = (tally[key] ?? 0) + 1;
    tallies.set(trace, tally);
  });
}

/** The commands counted for this trace (`tallyCommandsByTrace`), as a log line's field; none when
 *  the trace sent none. */
export function dbCommandsOf(trace: TraceContext | undefined): { dbCommands?: Record<string, number> } {
  const tally = trace && tallies.get(trace);
  return tally ? { dbCommands: tally } : {};
}

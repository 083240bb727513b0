import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stackDir } from '@bazar/testing';

interface LogLine {
  level?: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
}

/** What the stack's services logged as errors while answering one request (found by its
 *  x-request-id, which the gateway passes on), for a test to show beside an unexpected 5xx: the
 *  CI run keeps only the tests' output, not the stack's logs. */
export function serverErrorsFor(requestId: string | string[] | undefined): string[] {
  if (typeof requestId !== 'string' || requestId === '') return [];
  const logs = path.join(stackDir, 'logs');
  let files: string[];
  try {
    files = readdirSync(logs).filter((file) => file.endsWith('.log'));
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const file of files) {
    for (const line of readFileSync(path.join(logs, file), 'utf8').split('\n')) {
      if (!line.includes(requestId)) continue;
      let entry: LogLine;
      try {
        entry = JSON.parse(line) as LogLine;
      } catch {
        continue;
      }
      if ((entry.level ?? 0) < 50) continue;
      const stack =
        entry.err?.stack
          ?.split('\n')
          .slice(0, 6)
          .map((frame) => frame.trim())
          .join('\n      ') ??
        entry.err?.message ??
        '';
      found.push(`${path.basename(file, '.log')}: ${entry.msg ?? ''} ${stack}`);
    }
  }
  return found;
}

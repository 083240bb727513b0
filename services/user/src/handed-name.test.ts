import type { Logger } from '@bazar/service-kit';
import { handedName } from './handed-name';

function recordingLog() {
  const warnings: unknown[][] = [];
  return { log: { warn: (...args: unknown[]) => void warnings.push(args) } as unknown as Logger, warnings };
}

it('keeps the name Keycloak hands over without hidden characters, on one line, and logs the account', () => {
  const { log, warnings } = recordingLog();
  expect(handedName('Karim\u202E Uddin\u200F', log, 'kc-1')).toBe('Karim Uddin');
  expect(handedName('Rahima\u2028Begum\uFEFF', log, 'kc-2')).toBe('Rahima Begum');
  expect(handedName('Rahima\nBegum', log, 'kc-3')).toBe('Rahima Begum');
  expect(warnings.map(([fields]) => fields)).toEqual([{ userId: 'kc-1' }, { userId: 'kc-2' }, { userId: 'kc-3' }]);
});

it('leaves a clean name alone, Bangla with ZWNJ and ZWJ included, and logs nothing', () => {
  const { log, warnings } = recordingLog();
  const bangla = '\u09B0\u200D\u09CD\u09AF\u09BE\u09AC \u0995\u09BF\u200C\u09A8\u09CD\u09A4\u09C1'; // র‍্যাব কি‌ন্তু
  expect(handedName(bangla, log, 'kc-4')).toBe(bangla);
  expect(handedName('Karim Uddin', log, 'kc-5')).toBe('Karim Uddin');
  expect(warnings).toEqual([]);
});

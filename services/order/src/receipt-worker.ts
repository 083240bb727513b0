// The thread that writes receipts (receipt-printer.ts): laying out a Bangla receipt takes a few
// hundred milliseconds of CPU, which on the service's own thread would hold up every order placed
// meanwhile.
import { parentPort } from 'node:worker_threads';
import type { Order, ShopLanguage } from '@bazar/contracts';
import { receiptPdf } from './receipt-pdf';

export interface ReceiptJob {
  id: number;
  order: Order;
  language: ShopLanguage;
}
export type ReceiptDone = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (job: ReceiptJob) => {
  receiptPdf(job.order, job.language).then(
    (pdf) => parentPort?.postMessage({ id: job.id, pdf } satisfies ReceiptDone),
    (err: unknown) =>
      parentPort?.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) } satisfies ReceiptDone),
  );
});

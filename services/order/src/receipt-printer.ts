import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Order, ShopLanguage } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { HttpError } from '@bazar/service-kit/http';
import type { ReceiptDone, ReceiptJob } from './receipt-worker';

/** A receipt not written in this long is given up (503): the thread is ended and the next receipt
 *  starts another. */
const RECEIPT_TIMEOUT_MS = 20_000;

interface Waiting {
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** Writes receipts on a thread of their own (receipt-worker.ts), started with the first receipt
 *  asked for, one receipt after the other. */
export class ReceiptPrinter {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  constructor(private readonly log: Logger) {}

  print(order: Order, language: ShopLanguage): Promise<Buffer> {
    const worker = this.workerNow();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(
        () => this.giveUp(new HttpError(503, 'receipt-not-ready', 'The receipt could not be written in time; try again shortly')),
        RECEIPT_TIMEOUT_MS,
      );
      this.waiting.set(id, { resolve, reject, timer });
      worker.postMessage({ id, order, language } satisfies ReceiptJob);
    });
  }

  private workerNow(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(path.join(__dirname, 'receipt-worker.js'));
    worker.unref(); // an idle printer keeps no process alive
    worker.on('message', (done: ReceiptDone) => {
      const waiting = this.waiting.get(done.id);
      if (!waiting) return;
      this.waiting.delete(done.id);
      clearTimeout(waiting.timer);
      if ('pdf' in done) waiting.resolve(Buffer.from(done.pdf));
      else {
        this.log.error({ reason: done.error }, 'a receipt could not be written');
        waiting.reject(new HttpError(503, 'receipt-not-ready', 'The receipt could not be written; try again shortly'));
      }
    });
    worker.on('error', (err) => {
      this.log.error({ err }, 'the receipt thread failed');
      this.giveUp(new HttpError(503, 'receipt-not-ready', 'The receipt could not be written; try again shortly'));
    });
    this.worker = worker;
    return worker;
  }

  /** Ends the thread and refuses every receipt it still owed. */
  private giveUp(err: Error): void {
    void this.worker?.terminate();
    this.worker = undefined;
    for (const { reject, timer } of this.waiting.values()) {
      clearTimeout(timer);
      reject(err);
    }
    this.waiting.clear();
  }

  stop(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }
}

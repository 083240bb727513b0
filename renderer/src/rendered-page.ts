import type { AnswerPrints } from './answer-prints';
import type { Language } from './language';

/** What an API read answered, in short (`answerPrints`), and its ETag, with which it is asked again. */
export interface ReadAnswer extends AnswerPrints {
  etag?: string;
}

/** A page rendered: its HTML, and the API reads it was rendered from with what each answered. */
export interface RenderedPage {
  html: string;
  reads: Map<string, ReadAnswer>;
}

/** What renders the pages the renderer keeps (React in this process: react-render.ts). */
export interface PageRendering {
  render(address: string, language: Language): Promise<RenderedPage>;
  close(): Promise<void>;
}

/** One page's render in a server build (server-render.mjs). */
export interface PageRender {
  /** Told each API read of the render as it is answered, with a copy of the answer to read. */
  read?: (request: Request, answer: Response) => void;
  /** The render's i18next instance (server-i18next.mjs). */
  i18n?: object;
}

export declare const pageRender: {
  run<R>(render: PageRender, work: () => R): R;
  getStore(): PageRender | undefined;
};

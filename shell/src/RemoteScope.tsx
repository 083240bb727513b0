import type { ReactNode } from 'react';

/**
 * The element a remote's pages render in. Each remote's CSS is scoped to
 * `[data-remote="<its federation name>"]` at build time (packages/web-kit/webpack/config.mjs),
 * so its styles never reach the shell's top bar or another remote.
 */
export function RemoteScope({ module, children }: { module: string; children: ReactNode }) {
  const [remote] = module.split('/');
  return (
    <div data-remote={remote} className="contents">
      {children}
    </div>
  );
}

// The edge's nginx.conf in each place the store runs, as nginx reads it there: the native stack's as
// the stack renders it (for a stack folder that need not exist), compose's and the chart's as
// generate.ts wrote them. All three are made from infra/nginx/bazar.conf.template.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderNginxConfig } from '../stack/nginx-config.ts';

const ROOT = path.resolve(__dirname, '../..');

export const EDGE_PLACES = ['native', 'compose', 'cluster'] as const;
export type EdgePlaceName = (typeof EDGE_PLACES)[number];

/** The place's nginx.conf. */
export function edgeConfigOf(place: EdgePlaceName): string {
  if (place === 'native') return renderNginxConfig({ root: ROOT, stack: path.join(ROOT, '.stack'), port: 8080 });
  const file = place === 'compose' ? 'infra/nginx/compose.generated.conf' : 'infra/k8s/bazar/files/nginx.generated.conf';
  return readFileSync(path.join(ROOT, file), 'utf8');
}

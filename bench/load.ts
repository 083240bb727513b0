// HTTP load for every throughput benchmark, the same way for each: wrk, a load generator written in
// C (Debian's package; `npm run bench` installs it), with two threads.
//
// On two cores the load generator takes its CPU from what it measures. autocannon, which ran in the
// bench's own Node process before, spent 42 µs of CPU a request against the catalog (42% of a core
// at 10,100 requests a second); wrk spends 14 µs (16% at 11,500). A figure through more processes
// (the gateway and the catalog) was thus for a good part the load generator's share of the cores.
//
// The gateway limits each client address to 1,200 requests a minute, and every request here comes
// from loopback. Each request names one of 4,096 addresses of the range reserved for benchmarks
// (198.18.0.0/15; only a header value, nothing is sent there) in X-Forwarded-For
// (spread-addresses.lua), which the gateway takes as the client's, and nginx passes on for its
// catalog reads from loopback only while the bench's hooks are on (bench/nginx-hooks.ts): a figure is
// the application's work with its rate limiter on, not the limiter's refusals. Every measurement
// sends the header, so the load generator does the same work for each.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const THREADS = 2;
const SPREAD_ADDRESSES = join(__dirname, 'spread-addresses.lua');

export interface Throughput {
  title: string;
  rps: number;
  /** milliseconds */
  p50: number;
  p95: number;
  p99: number;
  total: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** A latency as wrk prints it (`812.00us`, `4.30ms`, `1.02s`), in milliseconds. */
function milliseconds(text: string | undefined, what: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  if (!match) throw new Error(`wrk printed no ${what}`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** What wrk printed for one run, read into figures; a run with any failed request throws. */
function readWrkReport(title: string, report: string): Throughput {
  const field = (pattern: RegExp) => pattern.exec(report)?.[1];
  const total = Number(field(/^\s*(\d+) requests in /m));
  const rps = Number(field(/^Requests\/sec:\s+([\d.]+)/m));
  if (!Number.isFinite(total) || !Number.isFinite(rps)) throw new Error(`${title}: wrk printed no totals:\n${report}`);
  const socketErrors = field(/^\s*Socket errors: (.*)$/m);
  const failed = Number(field(/^\s*Non-2xx or 3xx responses: (\d+)/m) ?? 0);
  if (failed > 0 || socketErrors)
    throw new Error(
      `${title}: ${failed} answers that were not 2xx or 3xx of ${total}${socketErrors ? `; socket errors: ${socketErrors}` : ''}`,
    );
  return {
    title,
    rps,
    p50: milliseconds(field(/^\s*50%\s+(\S+)/m), 'p50'),
    p95: milliseconds(field(/^95% latency: (\S+)$/m), 'p95'),
    p99: milliseconds(field(/^\s*99%\s+(\S+)/m), 'p99'),
    total,
  };
}

export interface Load {
  /** sent with every request, besides the client address */
  headers?: Record<string, string>;
  /** asked in turn on `url`'s server, instead of its own path */
  paths?: string[];
  seconds?: number;
}

/** Requests per second and latency percentiles of GETs on `url`; any failed request fails the run. */
export async function measureThroughput(
  title: string,
  url: string,
  { headers = {}, paths = [], seconds = DURATION_S }: Load = {},
): Promise<Throughput> {
  const args = [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-s', SPREAD_ADDRESSES];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  if (paths.length > 0) args.push('--', ...paths);
  let report: string;
  try {
    ({ stdout: report } = await promisify(execFile)('wrk', args, { timeout: (seconds + 30) * 1000 }));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('wrk is missing: npm run bench installs it (apt-get install wrk)', { cause: err });
    throw err;
  }
  return readWrkReport(title, report);
}

export const throughputRow = (m: Throughput) =>
  `${m.title.padEnd(30)} ${m.rps.toFixed(0).padStart(8)} req/s   p50 ${m.p50.toFixed(1).padStart(5)} ms   p99 ${m.p99.toFixed(1).padStart(5)} ms   (${m.total} requests)`;

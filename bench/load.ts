// HTTP load with autocannon, the same way for every throughput benchmark.
import autocannon from 'autocannon';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

export interface Throughput {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
}

/** Requests per second and latency percentiles of GETs on `url`; any failed request fails the run.
 *  `perRequestHeaders` sets headers on each request (a new client address for the gateway). */
export async function measureThroughput(title: string, url: string, perRequestHeaders?: () => Record<string, string>): Promise<Throughput> {
  const result = await autocannon({
    title,
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(perRequestHeaders && {
      requests: [
        {
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            headers: { ...request.headers, ...perRequestHeaders() },
          }),
        },
      ],
    }),
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${title}: ${failed} failed requests of ${result.requests.total}`);
  return { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

export const throughputRow = (m: Throughput) =>
  `${m.title.padEnd(30)} ${m.rps.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   (${m.total} requests)`;

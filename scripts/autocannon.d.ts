// autocannon ships no types; the benchmarks use its promise API, and its instance for per-second counts.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    [key: string]: unknown;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }[];
    [key: string]: unknown;
  }
  export interface Instance {
    /** Each second: the requests answered in it. */
    on(event: 'tick', listener: (tick: { counter: number; bytes: number }) => void): Instance;
  }
  export default function autocannon(opts: Options): Promise<Result>;
  export default function autocannon(opts: Options, done: (err: unknown, result: Result) => void): Instance;
}

// autocannon ships no types; the benchmarks use its promise API only.
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
  export default function autocannon(opts: Options): Promise<Result>;
}

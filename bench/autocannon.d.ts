// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    /** Requests per second over all connections (open loop); without it each connection sends once answered. */
    overallRate?: number;
    duration?: number;
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
    headers?: Record<string, string>;
    /** Requests sent in turn; setupRequest may rewrite each one (headers, body) before it goes out. */
    requests?: {
      method?: string;
      path?: string;
      setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
      /** Each answer, with the connection's context (one request at a time per connection without pipelining). */
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }[];
  }
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  /** The running benchmark (with a callback): 'response' fires for every answer. */
  export interface Instance {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
  }
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}

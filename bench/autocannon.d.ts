/** The part of autocannon 8's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type Context = Record<string, unknown>;
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Context) => Request;
    onResponse?: (status: number, body: string, context: Context) => void;
  };
  type Options = {
    url: string;
    connections?: number;
    amount?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  };
  type Result = { errors: number; timeouts: number; duration: number; requests: { total: number } };
  type Instance = {
    stop: () => void;
    on: (event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void) => Instance;
  };
  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}

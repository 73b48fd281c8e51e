import type { Server } from 'node:http';
import sesLocal from 'aws-ses-v2-local';

export type SesEmulator = { endpoint: string; port: number; stop: () => Promise<void> };

/** Starts the aws-ses-v2-local emulator in this process (inbox page at `/`, JSON at `/store`). */
export async function startSesEmulator(options: { port: number }): Promise<SesEmulator> {
  const start = ((sesLocal as unknown as { default?: typeof sesLocal }).default ?? sesLocal) as unknown as (o: {
    host: string;
    port: number;
  }) => Promise<Server>;
  const server = await start({ host: '127.0.0.1', port: options.port });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

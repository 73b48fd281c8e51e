import net from 'node:net';

/** A free port on 127.0.0.1, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Fails with a clear sentence when the port is taken. */
export function assertPortFree(port: number, what: string, envVar: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${what}) is already in use. Stop what uses it or choose another port with ${envVar}=<port>.`
            : `Cannot listen on port ${port} (${what}): ${error.message}`,
        ),
      );
    });
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/** Resolves once something accepts connections on the port, or fails after the timeout. */
export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Nothing answered on port ${port} within ${timeoutMs} ms`);
}

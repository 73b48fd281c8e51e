import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sessionCookie } from '../bench/http-load';
import { freePort } from '../infra/local/ports';
import { startLocalStack } from '../infra/local/stack';

/**
 * A look at the plan book (`npm run plan-book:sample`): starts the local stack on free
 * ports (in memory), seeds the demo data (scripts/seed.ts, the Rivera family), exports the
 * owner's plan book through the API to tmp/plan-book-sample.pdf, and has pdftoppm draw
 * pages 1–3 as tmp/plan-book-sample-1.png … -3.png. Needs poppler-utils (Debian).
 */

const outDir = path.resolve(import.meta.dirname, '..', 'tmp');
const demoOwner = { email: 'maria.rivera@demo.familycanvas.test', password: 'Demo-Canvas42' };

async function main(): Promise<void> {
  // The handlers run in this process: keep their request log out of the script's output.
  process.env.LOG_LEVEL ??= 'silent';
  const ports = { api: await freePort(), dynamodb: await freePort(), ses: await freePort() };
  const stack = await startLocalStack({ ports, appUrl: 'http://localhost:5173', tableName: 'family-canvas-sample' });
  try {
    // The seed is its own process talking HTTP to the gateway, which runs in this one: wait without blocking it.
    const seed = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'seed.ts')], {
      env: { ...process.env, FC_API_PORT: String(ports.api), FC_SES_PORT: String(ports.ses) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const code = await new Promise<number | null>((resolve) => seed.on('exit', resolve));
    if (code !== 0) throw new Error('seeding the demo data failed');
    const cookie = await sessionCookie(stack.apiUrl, demoOwner.email, demoOwner.password);
    const response = await fetch(`${stack.apiUrl}/api/canvas/plan-book`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    const pdf = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`the plan book answered ${response.status}: ${pdf.toString().slice(0, 300)}`);
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, 'plan-book-sample.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '3', file, path.join(outDir, 'plan-book-sample')]);
    console.log(`${path.relative(process.cwd(), file)} (${(pdf.length / 1024).toFixed(0)} KB, ${response.headers.get('content-disposition')})`);
    console.log(`pages 1–3: ${path.relative(process.cwd(), path.join(outDir, 'plan-book-sample-0{1,2,3}.png'))}`);
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`plan-book:sample failed: ${(error as Error)?.message ?? String(error)}`);
    process.exit(1);
  },
);

/**
 * Signs a bench person in for the cold starts (bench/lambda-bundles.ts): run in a process of its own with the
 * functions' environment, it stores a session in the bench's table the way a sign-in does (startSession) and
 * prints the session token, so each group's first request passes the session check as a signed-in person's does.
 */
import { startSession, sessionCookieName } from '../functions/domain/sessions/session';

const { cookie } = await startSession('bench-cold-start-person', null, { userAgent: 'bench' });
const token = new RegExp(`^${sessionCookieName}=([^;]+)`).exec(cookie)?.[1];
if (!token) throw new Error('The session cookie carries no token.');
console.log(token);

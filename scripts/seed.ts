/**
 * `npm run seed`: fills the local stack (`npm start`, default ports) with a demo family and
 * advisor companies, so a newcomer sees a living canvas. Everything goes through the HTTP
 * API — sign-ups, e-mail confirmation links read from the SES emulator's /store, member,
 * advisor and family invitations — so the seed exercises the real code.
 *
 * Ports: FC_WEB_PORT (default 5173, the app whose /api it calls) and FC_SES_PORT (default 8005). Run it twice and the
 * second run finds the demo users, says so and exits 0.
 */
import { randomBytes } from 'node:crypto';
import { passwordHashing } from '../shared/contracts/auth';
import { clientPasswordHash } from './lib/client-password-hash';

// Through the app's address, as a browser calls it: `npm start`'s front door (or `npm run dev`'s proxy).
const apiUrl = `http://127.0.0.1:${Number(process.env.FC_WEB_PORT ?? 5173)}`;
const sesUrl = `http://127.0.0.1:${Number(process.env.FC_SES_PORT ?? 8005)}`;

/** One password for every demo account (it satisfies the password rules of docs/product/accounts.md#validation). */
const demoPassword = 'Demo-Canvas42';
const domain = 'demo.familycanvas.test';
const email = (name: string) => `${name}@${domain}`;

type Person = { firstName: string; lastName: string; email: string; role: string };

const people = {
  maria: { firstName: 'Maria', lastName: 'Rivera', email: email('maria.rivera'), role: 'Rivera Family: owner' },
  daniel: { firstName: 'Daniel', lastName: 'Rivera', email: email('daniel.rivera'), role: 'Rivera Family: admin' },
  sofia: { firstName: 'Sofia', lastName: 'Rivera', email: email('sofia.rivera'), role: 'Rivera Family: full member' },
  lucas: { firstName: 'Lucas', lastName: 'Rivera', email: email('lucas.rivera'), role: 'Rivera Family: limited member' },
  eleanor: { firstName: 'Eleanor', lastName: 'Hart', email: email('eleanor.hart'), role: 'Harbor Wealth Partners: owner (full canvas access)' },
  james: { firstName: 'James', lastName: 'Okafor', email: email('james.okafor'), role: 'Harbor Wealth Partners: advisor (read access)' },
  ngozi: { firstName: 'Ngozi', lastName: 'Adeyemi', email: email('ngozi.adeyemi'), role: 'Adeyemi Family: owner (a client of Harbor)' },
  astrid: { firstName: 'Astrid', lastName: 'Lindqvist', email: email('astrid.lindqvist'), role: 'Lindqvist Family: owner (a client of Harbor)' },
  priya: {
    firstName: 'Priya',
    lastName: 'Shah',
    email: email('priya.shah'),
    role: 'Summit Trust Advisors: owner (only "The Four Abundances" shared, for 6 more days: the "Access ends on" banner shows)',
  },
} satisfies Record<string, Person>;

// ---- a small browser-like client -----------------------------------------------------------

class SeedError extends Error {}

class Client {
  private cookies = new Map<string, string>();

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // Writes always carry JSON (the API refuses any other content type).
    const payload = body !== undefined ? JSON.stringify(body) : method === 'GET' || method === 'DELETE' ? undefined : '{}';
    if (payload !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, { method, headers, body: payload });
      // The gateway throttles as the cloud's does (infra/api-limits.ts): wait as it asks, like the app does.
      for (let attempt = 1; response.status === 429 && attempt <= 5; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
        response = await fetch(`${apiUrl}${path}`, { method, headers, body: payload });
      }
    } catch {
      throw new SeedError(`Cannot reach the app at ${apiUrl}. Start the local stack first with \`npm start\` (or set FC_WEB_PORT).`);
    }
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      if (/Max-Age=0/i.test(cookie)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** A call that must succeed; anything else stops the seed with the server's answer. */
  async ok<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const result = await this.call<T>(method, path, body);
    if (result.status >= 300) throw new SeedError(`${method} ${path} answered ${result.status}: ${JSON.stringify(result.body)}`);
    return result.body;
  }
}

function newSalt(): string {
  return randomBytes(passwordHashing.saltBytes).toString('base64');
}

type SentEmail = { destination: { to: string[] }; body: { text?: string } };

/** The token of the newest e-mail to `to` that carries a link to `path`. */
async function tokenFromInbox(to: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    let emails: SentEmail[] = [];
    try {
      emails = ((await (await fetch(`${sesUrl}/store`)).json()) as { emails: SentEmail[] }).emails;
    } catch {
      throw new SeedError(`Cannot reach the SES emulator at ${sesUrl}/store (set FC_SES_PORT if it runs elsewhere).`);
    }
    const pattern = new RegExp(`https?://\\S+${path.replace(/[/-]/g, '\\$&')}\\?\\S+`);
    for (const mail of [...emails].reverse()) {
      if (!mail.destination.to.some((address) => address.toLowerCase().includes(to))) continue;
      const link = pattern.exec(mail.body.text ?? '');
      const token = link ? new URL(link[0]).searchParams.get('token') : null;
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new SeedError(`No e-mail with a ${path} link reached ${to}.`);
}

async function signIn(client: Client, person: Person): Promise<boolean> {
  const { salt } = await client.ok<{ salt: string }>('POST', '/api/auth/salt', { email: person.email });
  const result = await client.call('POST', '/api/auth/signin', { email: person.email, password: clientPasswordHash(demoPassword, salt) });
  return result.status === 200;
}

function signupBody(person: Person) {
  const salt = newSalt();
  return { firstName: person.firstName, lastName: person.lastName, email: person.email, password: clientPasswordHash(demoPassword, salt), salt };
}

/** A new owner of a new entity: sign up, confirm from the inbox, sign in. */
async function founder(person: Person, entity: { createEntityTypeId: 1 | 2; createEntityName: string; canvasName?: string }): Promise<Client> {
  const client = new Client();
  await client.ok('POST', '/api/auth/signup', { ...signupBody(person), ...entity });
  const token = await tokenFromInbox(person.email, '/email-confirmation');
  await client.ok('GET', `/api/email-confirmation?token=${encodeURIComponent(token)}`);
  if (!(await signIn(client, person))) throw new SeedError(`Could not sign in as ${person.email}.`);
  return client;
}

/** A new member of the inviter's current entity, through a member invitation and a sign-up with its token. */
async function invitedMember(inviter: Client, person: Person, entityRoleId: number): Promise<Client> {
  const { id } = await inviter.ok<{ id: string }>('POST', '/api/member-invitation/create', { email: person.email, entityRoleId });
  await inviter.ok('POST', '/api/member-invitation/send-email', { id });
  const token = await tokenFromInbox(person.email, '/member-invitation');
  const client = new Client();
  await client.ok('POST', '/api/auth/signup', { ...signupBody(person), memberInvitationToken: token });
  return client;
}

/** The UTC day so many days from today (YYYY-MM-DD): due dates, access end dates. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An advisor company that accepts the family's advisor invitation (all sections, or some; until a day, or open-ended). */
async function advisorCompany(
  family: Client,
  person: Person,
  companyName: string,
  canvasSections: number[],
  accessUntil: string | null = null,
): Promise<{ client: Client; companyId: number }> {
  const { id } = await family.ok<{ id: string }>('POST', '/api/advisor-invitation/create', { email: person.email, canvasSections, accessUntil });
  await family.ok('POST', '/api/advisor-invitation/send-email', { id });
  const token = await tokenFromInbox(person.email, '/advisor-invitation');
  const client = new Client();
  await client.ok('POST', '/api/auth/signup', { ...signupBody(person), advisorInvitationToken: token });
  const company = await client.ok<{ id: number }>('POST', '/api/advisor-invitation/accept', { token, entityName: companyName });
  return { client, companyId: company.id };
}

/**
 * A family the advisor company invited and that accepted as a new family (its canvas comes
 * with it), with a first takeaway: the advisor's dashboard then lists several families by
 * name, searchable, with changes since the last visit.
 */
async function clientFamily(company: Client, person: Person, familyName: string, takeaway: { category: string; title: string }): Promise<Client> {
  const { id } = await company.ok<{ id: string }>('POST', '/api/family-invitation/create', { email: person.email });
  await company.ok('POST', '/api/family-invitation/send-email', { id });
  const token = await tokenFromInbox(person.email, '/family-invitation');
  const client = new Client();
  await client.ok('POST', '/api/auth/signup', { ...signupBody(person), familyInvitationToken: token });
  const family = await client.ok<{ id: number }>('POST', '/api/family-invitation/accept', { token, entityName: familyName });
  // The new family becomes the current entity; its canvas came with it (docs/product/accounts.md#a-new-family-starts-on-its-canvas).
  await client.ok('POST', '/api/auth/set-current-entity', { id: family.id });
  const canvas = await client.ok<Canvas>('GET', '/api/canvas');
  const category = categoryId(canvas, takeaway.category);
  await client.ok('POST', `/api/canvas-takeaway/create/${category}`, { title: takeaway.title, text: '', categoryId: category });
  return client;
}

// ---- the canvas ------------------------------------------------------------------------------

type Canvas = { id: number; sections: Array<{ id: number; title: string; sectionTypeId: number; categories: Array<{ id: number; title: string }> }> };

function categoryId(canvas: Canvas, title: string): number {
  const category = canvas.sections.flatMap((section) => section.categories).find((candidate) => candidate.title === title);
  if (!category) throw new SeedError(`The canvas template has no category "${title}".`);
  return category.id;
}

async function fillCanvas(canvas: Canvas, family: { maria: Client; daniel: Client; sofia: Client }, userIds: { maria: string; daniel: string; sofia: string }) {
  const { maria, daniel, sofia } = family;
  const values = categoryId(canvas, 'Our Values');
  const best = categoryId(canvas, 'What we do best');
  const wealth = categoryId(canvas, 'Abundance of Wealth');
  const time = categoryId(canvas, 'Time');
  const future = categoryId(canvas, 'Our Future');

  // Answers: several members on the first questions, with votes on each other's.
  const answers: Array<[Client, string, string]> = [
    [maria, `${values}.1`, 'Honesty and hard work, from the bakery our grandparents opened in 1962.'],
    [daniel, `${values}.1`, 'Looking after each other, even when it is inconvenient.'],
    [sofia, `${values}.1`, 'Curiosity: every generation learned something new.'],
    [maria, `${values}.2`, 'That we were generous, and that we kept our promises.'],
    [daniel, `${best}.1`, 'Turning the family business around in 2009 together.'],
    [sofia, `${wealth}.1`, 'Freedom to choose the work we love, and to help others.'],
    [maria, `${time}.2`, 'The summer week at the lake and Sunday lunch.'],
  ];
  const answerIds: string[] = [];
  for (const [client, questionId, text] of answers) {
    answerIds.push((await client.ok<{ id: string }>('POST', `/api/canvas-answer/create/${questionId}`, { text, questionId })).id);
  }
  await sofia.ok('POST', `/api/canvas-answer/vote/${answerIds[0]}`);
  await daniel.ok('POST', `/api/canvas-answer/vote/${answerIds[0]}`);
  await maria.ok('POST', `/api/canvas-answer/vote/${answerIds[1]}`);
  await maria.ok('POST', `/api/canvas-answer/vote/${answerIds[5]}`);

  // Takeaways, one archived.
  const takeaway = async (client: Client, category: number, title: string, text: string) =>
    (await client.ok<{ id: string }>('POST', `/api/canvas-takeaway/create/${category}`, { title, text, categoryId: category })).id;
  const promises = await takeaway(maria, values, 'We keep our promises', 'Reliability is what people remember about us.');
  const care = await takeaway(daniel, values, 'Care comes first', 'Family members help each other before anyone asks.');
  const education = await takeaway(sofia, wealth, 'Wealth should fund education', 'Every grandchild gets the chance to study.');
  const lake = await takeaway(maria, time, 'Protect the lake week', 'One week a year, everybody, no phones at dinner.');
  const oldIdea = await takeaway(daniel, best, 'Open a second bakery', 'Discussed in 2015; no longer the plan.');
  await daniel.ok('PATCH', `/api/canvas-takeaway/archive/${oldIdea}`, { archived: true });
  await sofia.ok('POST', `/api/canvas-takeaway/vote/${promises}`);
  await daniel.ok('POST', `/api/canvas-takeaway/vote/${promises}`);
  await maria.ok('POST', `/api/canvas-takeaway/vote/${education}`);

  // Goals linked to takeaways; one completed.
  const goal = async (client: Client, category: number, body: Record<string, unknown>) =>
    (await client.ok<{ id: string }>('POST', `/api/canvas-goal/create/${category}`, { categoryId: category, ...body })).id;
  const trust = await goal(sofia, wealth, {
    title: 'Set up an education trust',
    text: 'For all five grandchildren.',
    goalTerm: 'MidTerm',
    linkedTakeawayIds: [education],
    initiatorId: userIds.sofia,
  });
  const charter = await goal(maria, values, { title: 'Write a family charter', goalTerm: 'ShortTerm', linkedTakeawayIds: [promises, care] });
  const reunion = await goal(maria, time, { title: 'Hold the lake week every July', goalTerm: 'LongTerm', linkedTakeawayIds: [lake] });
  await goal(daniel, future, { title: 'Prepare the next generation for the board', goalTerm: 'LongTerm' });

  // Action points linked to goals; some completed.
  const action = async (client: Client, category: number, body: Record<string, unknown>) =>
    (await client.ok<{ id: string }>('POST', `/api/canvas-action-point/create/${category}`, { categoryId: category, ...body })).id;
  // Due dates for "My actions": one overdue, one this week, one later.
  const compare = await action(sofia, wealth, {
    title: 'Compare trust structures',
    priority: 'HighPriority',
    linkedGoalIds: [trust],
    assigneeId: userIds.sofia,
    dueDate: inDays(-3),
  });
  await action(maria, wealth, {
    title: 'Ask the advisors for a proposal',
    priority: 'MediumPriority',
    linkedGoalIds: [trust],
    assigneeId: userIds.maria,
    dueDate: inDays(4),
  });
  await action(daniel, values, {
    title: 'Draft the charter for the next family meeting',
    priority: 'HighPriority',
    linkedGoalIds: [charter],
    assigneeId: userIds.daniel,
    dueDate: inDays(30),
  });
  const booking = await action(maria, time, { title: 'Book the lake house', priority: 'LowPriority', linkedGoalIds: [reunion] });
  await sofia.ok('PATCH', `/api/canvas-action-point/complete/${compare}`, { completed: true });
  await maria.ok('PATCH', `/api/canvas-action-point/complete/${booking}`, { completed: true });
  await maria.ok('PATCH', `/api/canvas-goal/complete/${reunion}`, { completed: true });

  // A little history for the Activity panel: edits by different members, and one delete
  // that waits in "Recently deleted" (an owner or Daniel himself can restore it).
  await daniel.ok('PATCH', `/api/canvas-takeaway/${care}`, {
    title: 'Care comes first',
    text: 'Family members help each other before anyone asks, and say so when they need help.',
  });
  await sofia.ok('PATCH', `/api/canvas-goal/${trust}`, {
    title: 'Set up an education trust',
    text: 'For all five grandchildren, including study abroad.',
    goalTerm: 'MidTerm',
  });
  await maria.ok('PATCH', `/api/canvas-goal/${charter}`, { title: 'Write a family charter together', goalTerm: 'ShortTerm' });
  await daniel.ok('DELETE', `/api/canvas-takeaway/${oldIdea}`);
}

// ---- main ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const probe = new Client();
  if (await signIn(probe, people.maria)) {
    if (!(await isComplete(probe))) {
      throw new SeedError(
        `${people.maria.email} exists but the demo data is incomplete (an earlier seed stopped). Restart \`npm start\` (in memory) and seed again.`,
      );
    }
    process.stdout.write(`The demo data exists already (${people.maria.email} signs in). Nothing to do.\n\n`);
    printAccounts();
    return;
  }
  process.stdout.write(`Seeding ${apiUrl} …\n`);

  const maria = await founder(people.maria, { createEntityTypeId: 1, createEntityName: 'Rivera Family', canvasName: 'Rivera Family Canvas' });
  // The family's canvas came with its signup (docs/product/accounts.md#a-new-family-starts-on-its-canvas).
  const canvas = await maria.ok<Canvas>('GET', '/api/canvas');
  const daniel = await invitedMember(maria, people.daniel, 2);
  const sofia = await invitedMember(maria, people.sofia, 3);
  await invitedMember(maria, people.lucas, 4);
  const userId = async (client: Client) => (await client.ok<{ id: string }>('GET', '/api/user/profile')).id;
  const userIds = { maria: await userId(maria), daniel: await userId(daniel), sofia: await userId(sofia) };
  await fillCanvas(canvas, { maria, daniel, sofia }, userIds);
  process.stdout.write('  family, members and canvas ready\n');

  // Advisor companies: Harbor sees every section, Summit only the four abundances and only for 6 more days (time-boxed access, inside the week the "Access ends on" banner shows).
  const abundances = canvas.sections.find((section) => section.sectionTypeId === 2);
  if (!abundances) throw new SeedError('The canvas template has no four-abundances section.');
  const harbor = await advisorCompany(maria, people.eleanor, 'Harbor Wealth Partners', []);
  const summit = await advisorCompany(maria, people.priya, 'Summit Trust Advisors', [abundances.id], inDays(6));
  const james = await invitedMember(harbor.client, people.james, 3);
  await maria.ok('POST', `/api/work-relation-member/${canvas.id}`, { memberId: await userId(james), workRelationRoleId: 2 });
  await harbor.client.ok('POST', `/api/canvas-action-point/create/${categoryId(canvas, 'Abundance of Wealth')}`, {
    title: 'Send three trust options with costs',
    categoryId: categoryId(canvas, 'Abundance of Wealth'),
    priority: 'HighPriority',
  });
  // More client families for Harbor's dashboard (sorted by name, searchable); Harbor reads the Adeyemis' canvas, then they add to it.
  const adeyemi = await clientFamily(harbor.client, people.ngozi, 'Adeyemi Family', { category: 'Our Values', title: 'Education opens every door' });
  await clientFamily(harbor.client, people.astrid, 'Lindqvist Family', { category: 'Abundance of Wealth', title: 'Keep the forest in the family' });
  const adeyemiCanvas = await adeyemi.ok<Canvas>('GET', '/api/canvas');
  await harbor.client.ok('GET', `/api/canvas/${adeyemiCanvas.id}`);
  await adeyemi.ok('POST', `/api/canvas-takeaway/create/${categoryId(adeyemiCanvas, 'What we do best')}`, {
    title: 'We build things together',
    text: '',
    categoryId: categoryId(adeyemiCanvas, 'What we do best'),
  });
  // Advisors read the canvas: the family's "Advisor access" tab shows who read which section.
  await harbor.client.ok('GET', `/api/canvas/${canvas.id}`);
  await james.ok('GET', `/api/canvas/${canvas.id}`);
  await summit.client.ok('GET', `/api/canvas/${canvas.id}`);
  process.stdout.write('  advisor companies ready\n');

  // Pending invitations of every kind, and private notes on both sides.
  const pendingMember = await maria.ok<{ id: string }>('POST', '/api/member-invitation/create', { email: email('camila.rivera'), entityRoleId: 3 });
  await maria.ok('POST', '/api/member-invitation/send-email', { id: pendingMember.id });
  const pendingAdvisor = await maria.ok<{ id: string }>('POST', '/api/advisor-invitation/create', { email: email('tax.counsel'), canvasSections: [] });
  await maria.ok('POST', '/api/advisor-invitation/send-email', { id: pendingAdvisor.id });
  const pendingFamily = await harbor.client.ok<{ id: string }>('POST', '/api/family-invitation/create', { email: email('wei.chen') });
  await harbor.client.ok('POST', '/api/family-invitation/send-email', { id: pendingFamily.id });
  await harbor.client.ok('POST', `/api/entities/notes/${canvas.id}`, { note: '<p>Maria prefers calls in the morning; Sofia leads the trust topic.</p>' });
  // Last: isComplete() looks for this note.
  await maria.ok('POST', `/api/entities/notes/${harbor.companyId}`, {
    note: '<p><strong>Harbor</strong> manages the education trust proposal.</p><ul><li>Fees: ask for a cap</li><li>Next review in March</li></ul>',
  });
  process.stdout.write('  invitations and notes ready\n\n');
  printAccounts();
}

/** The seed's last step is the family's note about Harbor: when it is there, everything is. */
async function isComplete(maria: Client): Promise<boolean> {
  const entities = await maria.ok<Array<{ id: number; entityName: string }>>('GET', '/api/entities');
  const family = entities.find((entity) => entity.entityName === 'Rivera Family');
  if (!family) return false;
  await maria.ok('POST', '/api/auth/set-current-entity', { id: family.id });
  const companies = await maria.ok<Array<{ id: number; entityName: string }>>('POST', '/api/work-relation/list-advisor-companies', {});
  const harbor = companies.find((company) => company.entityName === 'Harbor Wealth Partners');
  if (!harbor) return false;
  const note = await maria.ok<{ note: string | null }>('GET', `/api/entities/notes/${harbor.id}`);
  return note.note !== null;
}

function printAccounts(): void {
  const width = Math.max(...Object.values(people).map((person) => person.email.length));
  const lines = [
    `Demo accounts (password for all: ${demoPassword}):`,
    ...Object.values(people).map((person) => `  ${person.email.padEnd(width)}  ${person.role}`),
    '',
    'Pending invitations go to camila.rivera@, tax.counsel@ and wei.chen@ (see the inbox of the SES emulator).',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

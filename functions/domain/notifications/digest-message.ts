import type { HistoryAction, HistoryItemType } from '../../../shared/contracts/history';
import type { MyActionPoint } from '../../../shared/contracts/my-actions';
import { dueStateOf, formatDay } from '../../../shared/dates';
import type { DigestFrequency } from '../../../shared/digest-schedule';
import { escapeHtml, type EmailMessage } from '../mail/templates';

/**
 * The e-mail digest as a message: one pure function from what a user should hear about
 * to subject, text, HTML and headers, so the headers that matter to mailbox providers
 * (RFC 8058 one-click unsubscribe) are tested on the built message itself.
 */

export type DigestChange = { actor: string; action: HistoryAction; itemType: HistoryItemType; title: string };
export type DigestCanvas = {
  familyId: number;
  familyName: string;
  /** Changes by others, grouped by section (only sections the reader may see); `title` null: the canvas as a whole. */
  sections: Array<{ sectionId: number | null; title: string; changes: DigestChange[] }>;
  /** Changes past the per-family list (collect-digest.ts digestChangesPerFamily) the reader may see: said, not listed. */
  moreChanges?: number;
  /** The count stopped at the digest's read bound: "at least" that many more. */
  moreIsAtLeast?: boolean;
};

export type DigestContent = {
  firstName: string;
  frequency: Exclude<DigestFrequency, 'off'>;
  /** The reader's today (YYYY-MM-DD, in their time zone): what is overdue. */
  today: string;
  canvases: DigestCanvas[];
  /** Open action points assigned to the reader, overdue first (the "My actions" order). */
  actionPoints: MyActionPoint[];
  /** For advisors: the client families with changes, and how many. */
  advisorFamilies: Array<{ familyId: number; familyName: string; changeCount: number }>;
};

export type DigestLinks = {
  /** Where "My actions" and the canvases are. */
  appUrl: string;
  /** The one-click endpoint (HTTPS in the cloud): POST unsubscribes, GET only looks. */
  unsubscribeUrl: string;
  /** The page with the confirm button, for the link in the body. */
  unsubscribePageUrl: string;
};

/** Nothing to say: no change by others and nothing open. No digest is sent then. */
export function isEmptyDigest(content: DigestContent): boolean {
  return content.canvases.every((canvas) => canvas.sections.every((section) => section.changes.length === 0)) && content.actionPoints.length === 0;
}

const kindNames: Record<HistoryItemType, string> = {
  answer: 'answer',
  takeaway: 'takeaway',
  goal: 'goal',
  actionPoint: 'action point',
  canvas: 'canvas',
  shares: 'shared sections',
  advisor: 'advisor rights',
};

const actionWords: Record<HistoryAction, string> = {
  created: 'added',
  updated: 'edited',
  deleted: 'deleted',
  completed: 'completed',
  uncompleted: 'reopened',
  archived: 'archived',
  unarchived: 'unarchived',
  voted: 'voted for',
  unvoted: 'withdrew a vote for',
  titleChanged: 'renamed',
  reset: 'reset',
  sharesChanged: 'changed',
  advisorAdded: 'added',
  advisorChanged: 'changed',
  advisorRemoved: 'removed',
  relationEnded: 'ended the work relation with',
  restored: 'restored',
  reverted: 'undid a change of',
  versionRestored: 'restored an earlier version of',
};

const describeChange = (change: DigestChange) =>
  change.action === 'relationEnded'
    ? `${change.actor} ended the work relation with ${change.title}`
    : `${change.actor} ${actionWords[change.action]} the ${kindNames[change.itemType]}${change.title ? ` “${change.title}”` : ''}`;

function dueText(item: MyActionPoint, today: string): string {
  if (!item.dueDate) return 'no due date';
  return dueStateOf(item.dueDate, today) === 'overdue' ? `OVERDUE, due ${formatDay(item.dueDate)}` : `due ${formatDay(item.dueDate)}`;
}

export function buildDigestEmail(content: DigestContent, links: DigestLinks): EmailMessage {
  const changeCount = content.canvases.reduce(
    (sum, canvas) => sum + canvas.sections.reduce((n, section) => n + section.changes.length, 0) + (canvas.moreChanges ?? 0),
    0,
  );
  const overdue = content.actionPoints.filter((item) => dueStateOf(item.dueDate, content.today) === 'overdue').length;
  const period = content.frequency === 'weekly' ? 'week' : 'day';
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const parts = [
    changeCount ? plural(changeCount, 'change') : null,
    content.actionPoints.length ? `${plural(content.actionPoints.length, 'open action point')}${overdue ? ` (${overdue} overdue)` : ''}` : null,
  ].filter(Boolean);
  const subject = `Your Family Canvas ${period}: ${parts.join(', ')}`;
  const myActionsUrl = `${links.appUrl}/my-actions`;

  const text: string[] = [`Hello ${content.firstName},`, '', `here is what happened on Family Canvas this ${period}.`, ''];
  const html: string[] = [`<p>Hello ${escapeHtml(content.firstName)},</p><p>here is what happened on Family Canvas this ${period}.</p>`];

  if (content.actionPoints.length) {
    text.push(`YOUR OPEN ACTION POINTS (${myActionsUrl})`);
    html.push(`<h2 style="font-size:17px">Your open action points</h2><ul>`);
    for (const item of content.actionPoints) {
      const due = dueText(item, content.today);
      text.push(`- ${item.title} — ${item.familyName}, ${item.categoryTitle}, ${due}`);
      const isOverdue = due.startsWith('OVERDUE');
      html.push(
        `<li>${escapeHtml(item.title)} — ${escapeHtml(item.familyName)}, ${escapeHtml(item.categoryTitle)}, <span style="${isOverdue ? 'color:#8a4b00;font-weight:bold' : ''}">${escapeHtml(due)}</span></li>`,
      );
    }
    text.push('');
    html.push(`</ul><p><a href="${escapeHtml(myActionsUrl)}">Open My actions</a></p>`);
  }

  if (content.advisorFamilies.length) {
    text.push('FAMILIES WITH CHANGES');
    html.push(`<h2 style="font-size:17px">Families with changes</h2><ul>`);
    for (const family of content.advisorFamilies) {
      text.push(`- ${family.familyName}: ${family.changeCount} change${family.changeCount === 1 ? '' : 's'}`);
      html.push(`<li>${escapeHtml(family.familyName)}: ${family.changeCount} change${family.changeCount === 1 ? '' : 's'}</li>`);
    }
    text.push('');
    html.push('</ul>');
  }

  for (const canvas of content.canvases) {
    const sections = canvas.sections.filter((section) => section.changes.length);
    if (!sections.length) continue;
    const canvasUrl = `${links.appUrl}/canvas/${canvas.familyId}`;
    text.push(`WHAT CHANGED: ${canvas.familyName} (${canvasUrl})`);
    html.push(`<h2 style="font-size:17px">What changed: <a href="${escapeHtml(canvasUrl)}">${escapeHtml(canvas.familyName)}</a></h2>`);
    for (const section of sections) {
      text.push(`  ${section.title}`);
      html.push(`<h3 style="font-size:15px;margin-bottom:4px">${escapeHtml(section.title)}</h3><ul>`);
      for (const change of section.changes) {
        text.push(`  - ${describeChange(change)}`);
        html.push(`<li>${escapeHtml(describeChange(change))}</li>`);
      }
      html.push('</ul>');
    }
    if (canvas.moreChanges) {
      const more = `… and ${canvas.moreIsAtLeast ? 'at least ' : ''}${plural(canvas.moreChanges, 'more change')} on this canvas`;
      text.push(`  ${more}: see its Activity (${canvasUrl})`);
      html.push(`<p>${escapeHtml(more)}: <a href="${escapeHtml(canvasUrl)}">see its Activity</a></p>`);
    }
    text.push('');
  }

  const footer = `You receive this ${content.frequency} digest because it is on in your profile. Unsubscribe: ${links.unsubscribePageUrl}`;
  text.push('--', footer, '');
  html.push(
    `<p style="font-size:12px;color:#555;margin-top:32px">You receive this ${content.frequency} digest because it is on in your profile. <a href="${escapeHtml(links.unsubscribePageUrl)}">Unsubscribe</a> · <a href="${escapeHtml(`${links.appUrl}/profile?tab=notifications`)}">Change how often</a></p>`,
  );
  return {
    subject,
    text: text.join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:600px;margin:auto;padding:24px">${html.join('')}<p style="font-size:12px;color:#777">Family Canvas</p></body></html>`,
    headers: {
      // RFC 8058: an HTTPS URI, and the POST a mailbox provider sends on "unsubscribe".
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

import { PORTAL_LIMITS, PORTAL_LINKS, portalText } from '@app/contract';
import type { DbOrTransaction } from '../../db/client.js';
import type { LicenseePortalRow } from '../../db/schema/index.js';
import { escapeHtml, mailLink, mailParagraph } from '../../platform/mail/mail-html.js';
import type { Mailer } from '../../platform/mail/mailer.js';

/**
 * The sign-in mail (decision 036): the owner's sender name, subject and opening sentence when set,
 * else the portal's (PORTAL_STRINGS); the code, and a link that signs in at once (the code in the
 * URL's fragment, which never reaches a server log). Recorded in the caller's transaction and
 * delivered by the job queue: the request never waits on SMTP.
 */
export async function sendSignInMail(
  mailer: Mailer,
  db: DbOrTransaction,
  input: { portal: LicenseePortalRow; to: string; attemptId: string; code: string; publicUrl: string },
): Promise<void> {
  const { portal, code } = input;
  const slots = { portal: portal.displayName, minutes: PORTAL_LIMITS.codeTtlMinutes, code };
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (slot, name: string) =>
      name in slots ? String(slots[name as keyof typeof slots]) : slot,
    );
  const subject = portal.mailSubject ? fill(portal.mailSubject) : portalText('mailSubject', slots);
  const intro = portal.mailIntro ? fill(portal.mailIntro) : portalText('mailIntro', slots);
  const link = `${input.publicUrl}${PORTAL_LINKS.signInLink(portal.handle, input.attemptId, code)}`;
  const lines = {
    code: portalText('mailCode', slots),
    link: portalText('mailLink', slots),
    expiry: portalText('mailExpiry', slots),
    notYou: portalText('mailNotYou', slots),
  };
  await mailer.send(
    {
      to: input.to,
      subject,
      fromName: portal.mailSenderName ?? undefined,
      text: [intro, lines.code, `${lines.link}\n${link}`, lines.expiry, lines.notYou].join('\n\n'),
      htmlBody: [
        ...intro
          .split(/\n{2,}/)
          .map((paragraph) => mailParagraph(escapeHtml(paragraph).replaceAll('\n', '<br>'))),
        mailParagraph(`<strong style="font-size:20px;letter-spacing:2px">${escapeHtml(lines.code)}</strong>`),
        mailParagraph(`${escapeHtml(lines.link)}<br>${mailLink(link, portalText('mailLinkLabel', slots))}`),
        mailParagraph(escapeHtml(lines.expiry)),
        mailParagraph(escapeHtml(lines.notYou)),
      ].join('\n'),
    },
    { db },
  );
}

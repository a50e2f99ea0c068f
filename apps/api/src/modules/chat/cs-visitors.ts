import { randomInt } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type CsChatRow, type CsSessionRow, csChats, csMessages, csSessions } from '../../db/schema/index.js';
import { newOpaqueToken, sha256 } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, badRequest, unauthorized } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';

const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
const CODE_TTL_MS = 10 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;

export interface VisitorContext {
  chat: CsChatRow;
  session: CsSessionRow;
}

/**
 * Visitor identity for the customer-service chat. An email alone proves nothing, so `init` hands
 * out a session token (stored hashed) that every visitor call carries; the chat's earlier history
 * opens only after the visitor proves the email with a mailed 6-digit code.
 */
export class CsVisitorSessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly brandName: string,
  ) {}

  private async chatFor(email: string): Promise<CsChatRow> {
    await this.db.insert(csChats).values({ email, createdAt: this.clock.now() }).onConflictDoNothing();
    const [chat] = await this.db.select().from(csChats).where(eq(csChats.email, email)).limit(1);
    if (!chat) throw new Error('chat row missing after upsert');
    return chat;
  }

  /** Reuses the caller's session when its token still belongs to this email, else opens a new one. */
  async init(email: string, token: string | undefined): Promise<VisitorContext & { token: string }> {
    if (token) {
      const existing = await this.find(email, token);
      if (existing) return { ...existing, token };
    }
    const chat = await this.chatFor(email);
    const fresh = newOpaqueToken();
    const now = this.clock.now();
    const [session] = await this.db
      .insert(csSessions)
      .values({ chatId: chat.id, tokenHash: sha256(fresh), createdAt: now, lastUsedAt: now })
      .returning();
    if (!session) throw new Error('insert returned no session');
    return { chat, session, token: fresh };
  }

  private async find(email: string, token: string): Promise<VisitorContext | null> {
    const [row] = await this.db
      .select({ chat: csChats, session: csSessions })
      .from(csSessions)
      .innerJoin(csChats, eq(csChats.id, csSessions.chatId))
      .where(and(eq(csSessions.tokenHash, sha256(token)), eq(csChats.email, email)))
      .limit(1);
    if (!row) return null;
    const now = this.clock.now();
    if (now.getTime() - row.session.lastUsedAt.getTime() > SESSION_IDLE_MS) return null;
    await this.db.update(csSessions).set({ lastUsedAt: now }).where(eq(csSessions.id, row.session.id));
    return row;
  }

  /** Every visitor call: the token must be a live session of this very email. */
  async authenticate(email: string, token: string | undefined): Promise<VisitorContext> {
    const found = token ? await this.find(email, token) : null;
    if (!found) throw unauthorized('Your chat session has expired. Enter your email again.');
    return found;
  }

  /** A visitor session by token alone (the WebSocket knows no email). */
  async byToken(token: string): Promise<VisitorContext | null> {
    const [row] = await this.db
      .select({ chat: csChats, session: csSessions })
      .from(csSessions)
      .innerJoin(csChats, eq(csChats.id, csSessions.chatId))
      .where(eq(csSessions.tokenHash, sha256(token)))
      .limit(1);
    if (!row || this.clock.now().getTime() - row.session.lastUsedAt.getTime() > SESSION_IDLE_MS) return null;
    return row;
  }

  /** True when the chat holds messages this (unverified) session cannot see. */
  async hasHiddenHistory({ chat, session }: VisitorContext): Promise<boolean> {
    if (session.verified) return false;
    const [row] = await this.db
      .select({ id: csMessages.id })
      .from(csMessages)
      .where(
        and(
          eq(csMessages.chatId, chat.id),
          or(
            and(
              eq(csMessages.sender, 'visitor'),
              sql`${csMessages.sessionId} is distinct from ${session.id}`,
            ),
            and(eq(csMessages.sender, 'staff'), lt(csMessages.createdAt, session.createdAt)),
          ),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async sendCode({ chat, session }: VisitorContext): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // The code's hash and the mail carrying the code commit together; delivery is a queued job.
    await this.db.transaction(async (tx) => {
      await tx
        .update(csSessions)
        .set({
          codeHash: sha256(`${session.id}:${code}`),
          codeExpiresAt: new Date(this.clock.now().getTime() + CODE_TTL_MS),
          codeAttempts: 0,
        })
        .where(eq(csSessions.id, session.id));
      await this.mailer.send(
        {
          to: chat.email,
          subject: `${this.brandName} chat: your code is ${code}`,
          text: [
            `Your code to show your earlier customer-service messages is ${code}.`,
            'It is valid for 10 minutes. If you did not ask for it, ignore this email: nobody can read your',
            'messages without it.',
          ].join('\n'),
        },
        { db: tx },
      );
    });
  }

  async verify({ session }: VisitorContext, code: string): Promise<void> {
    const expired = !session.codeHash || !session.codeExpiresAt || session.codeExpiresAt <= this.clock.now();
    if (expired) throw badRequest('The code has expired. Ask for a new one.');
    if (session.codeAttempts >= CODE_MAX_ATTEMPTS) {
      throw new AppError(429, 'Too many wrong codes. Ask for a new one.');
    }
    if (sha256(`${session.id}:${code}`) !== session.codeHash) {
      await this.db
        .update(csSessions)
        .set({ codeAttempts: session.codeAttempts + 1 })
        .where(eq(csSessions.id, session.id));
      throw badRequest('That code is not right. Check the email and try again.');
    }
    await this.db
      .update(csSessions)
      .set({ verified: true, codeHash: null, codeExpiresAt: null, codeAttempts: 0 })
      .where(eq(csSessions.id, session.id));
  }
}

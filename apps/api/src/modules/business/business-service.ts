import { randomBytes } from 'node:crypto';
import type { Agent, AgentListQuery, Business, BusinessListQuery } from '@app/contract';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern, exactTimestamp, keysetAfter } from '../../db/keyset.js';
import { type BusinessRow, businessAgents, businesses, businessTypes, users } from '../../db/schema/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import type { AccountsPort } from '../../ports/accounts.js';

/** What the caller is to a business: its owner, or one of its agents. */
export interface BusinessAccess {
  business: BusinessRow;
  role: 'owner' | 'agent';
  /** The caller's agent record when role is 'agent'. */
  agentId: string | null;
}

export interface NewAgent {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmationPassword: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Role = Business['role'];
const isRole = (part: string) => part === 'owner' || part === 'agent';

interface BusinessListRow {
  id: string;
  name: string;
  type: string;
  owner: string;
  createdAt: Date;
  cursorAt: string;
}

const businessView = (row: BusinessListRow, role: Role): Business => ({
  id: row.id,
  name: row.name,
  type: row.type,
  role,
  owner: row.owner,
  createdAt: row.createdAt.toISOString(),
});

/** Agents never answered a security question; the owner gives them their password instead. */
const AGENT_SECURITY_QUESTION = 'Agent account: ask your business owner, or set a question in Settings';

export class BusinessService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsPort,
  ) {}

  listTypes() {
    return this.db.select().from(businessTypes).orderBy(asc(businessTypes.id));
  }

  /** True for owners of a business and for agents, who both use the Business tab. */
  async hasBusinessAccount(userId: string): Promise<boolean> {
    const [owned] = await this.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.ownerId, userId))
      .limit(1);
    if (owned) return true;
    const [agent] = await this.db
      .select({ id: businessAgents.id })
      .from(businessAgents)
      .where(eq(businessAgents.userId, userId))
      .limit(1);
    return Boolean(agent);
  }

  async register(ownerId: string, name: string, typeId: number): Promise<Business> {
    const [type] = await this.db.select().from(businessTypes).where(eq(businessTypes.id, typeId)).limit(1);
    if (!type) throw badRequest('Choose a business type from the list');
    const [row] = await this.db.insert(businesses).values({ ownerId, name, typeId }).returning();
    if (!row) throw new Error('insert returned no row');
    const [business] = await this.businessRows().where(eq(businesses.id, row.id)).limit(1);
    if (!business) throw new Error('registered business not found');
    return businessView(business, 'owner');
  }

  /**
   * The caller's businesses in keyset pages (decision 030 (6)): their own first, then the one they are an
   * agent of (an agent account belongs to one business), each oldest first by (created_at, id). The
   * cursor carries the side it stopped in. Each side is its own walk bounded by the caller — owned
   * ones on businesses_owner_idx (owner_id, created_at, id), the agent's through the unique
   * business_agents.user_id — so `search` (the name, substring) filters the caller's own rows only.
   */
  async list(
    userId: string,
    query: BusinessListQuery,
  ): Promise<{ businessList: Business[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [isRole, cursorPart.timestamp, cursorPart.uuid]);
    const pattern = containsPattern(query.search);
    const named = pattern ? ilike(businesses.name, pattern) : undefined;
    const position = (role: Role) => (after?.[0] === role ? after.slice(1) : undefined);
    const wanted = query.limit + 1;
    const rows: Array<{ role: Role; row: BusinessListRow }> = [];
    if (query.role !== 'agent' && after?.[0] !== 'agent') {
      const owned = await this.businessRows()
        .where(
          and(
            eq(businesses.ownerId, userId),
            named,
            keysetAfter([businesses.createdAt, businesses.id], position('owner'), 'oldest-first'),
          ),
        )
        .orderBy(asc(businesses.createdAt), asc(businesses.id))
        .limit(wanted);
      rows.push(...owned.map((row) => ({ role: 'owner' as const, row })));
    }
    if (query.role !== 'owner' && rows.length < wanted) {
      const asAgent = await this.businessRows()
        .innerJoin(businessAgents, eq(businessAgents.businessId, businesses.id))
        .where(
          and(
            eq(businessAgents.userId, userId),
            named,
            keysetAfter([businesses.createdAt, businesses.id], position('agent'), 'oldest-first'),
          ),
        )
        .orderBy(asc(businesses.createdAt), asc(businesses.id))
        .limit(wanted - rows.length);
      rows.push(...asAgent.map((row) => ({ role: 'agent' as const, row })));
    }
    const page = pageOf(rows, query.limit, ({ role, row }) => [role, row.cursorAt, row.id]);
    return {
      businessList: page.items.map(({ role, row }) => businessView(row, role)),
      nextCursor: page.nextCursor,
    };
  }

  /** A business with its type and owner's name (both joined by primary key). */
  private businessRows() {
    return this.db
      .select({
        id: businesses.id,
        name: businesses.name,
        type: businessTypes.type,
        owner: users.username,
        createdAt: businesses.createdAt,
        cursorAt: exactTimestamp(businesses.createdAt),
      })
      .from(businesses)
      .innerJoin(businessTypes, eq(businessTypes.id, businesses.typeId))
      .innerJoin(users, eq(users.id, businesses.ownerId))
      .$dynamic();
  }

  /**
   * Resolves the caller's access to a business. Anyone else gets the same 404 as for a business
   * that does not exist, so ids of other owners' businesses reveal nothing.
   */
  async access(userId: string, businessId: string): Promise<BusinessAccess> {
    const [business] = await this.db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
    if (!business) throw notFound('Business not found');
    if (business.ownerId === userId) return { business, role: 'owner', agentId: null };
    const [agent] = await this.db
      .select({ id: businessAgents.id })
      .from(businessAgents)
      .where(and(eq(businessAgents.businessId, businessId), eq(businessAgents.userId, userId)))
      .limit(1);
    if (!agent) throw notFound('Business not found');
    return { business, role: 'agent', agentId: agent.id };
  }

  /** Owner-only actions: agents may look, not change. */
  async ownerAccess(userId: string, businessId: string): Promise<BusinessAccess> {
    const access = await this.access(userId, businessId);
    if (access.role !== 'owner') throw forbidden('Only the business owner can do this');
    return access;
  }

  async addAgent(ownerId: string, businessId: string, input: NewAgent): Promise<Agent> {
    const { business } = await this.ownerAccess(ownerId, businessId);
    if (input.password !== input.confirmationPassword) throw badRequest('Passwords do not match');
    const user = await this.accounts.createAccount({
      username: `${input.firstName} ${input.lastName}`,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      password: input.password,
      securityQuestion: AGENT_SECURITY_QUESTION,
      // Nobody knows this answer: an agent resets a lost password through the owner or Settings.
      securityQuestionAnswer: randomBytes(24).toString('hex'),
      userType: 'c',
    });
    const [agent] = await this.db.insert(businessAgents).values({ businessId, userId: user.id }).returning();
    if (!agent) throw new Error('insert returned no row');
    return {
      id: agent.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      username: user.username,
      business: business.name,
    };
  }

  /**
   * The agents of a business (the caller checked `ownerAccess`), oldest first, in keyset pages on
   * (created_at, id) over business_agents_business_idx (decision 030). `search` matches the agent's name
   * or email; the walk stays inside the business, so its cost is bounded by the business, not by the
   * users table.
   */
  async listAgents(
    business: BusinessRow,
    query: AgentListQuery,
  ): Promise<{ agents: Agent[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const pattern = containsPattern(query.search);
    const rows = await this.db
      .select({
        id: businessAgents.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        username: users.username,
        cursorAt: exactTimestamp(businessAgents.createdAt),
      })
      .from(businessAgents)
      .innerJoin(users, eq(users.id, businessAgents.userId))
      .where(
        and(
          eq(businessAgents.businessId, business.id),
          pattern
            ? or(
                ilike(users.email, pattern),
                ilike(sql`(${users.firstName} || ' ' || ${users.lastName})`, pattern),
              )
            : undefined,
          keysetAfter([businessAgents.createdAt, businessAgents.id], after, 'oldest-first'),
        ),
      )
      .orderBy(asc(businessAgents.createdAt), asc(businessAgents.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    return {
      agents: page.items.map(({ cursorAt: _cursorAt, ...row }) => ({ ...row, business: business.name })),
      nextCursor: page.nextCursor,
    };
  }

  /** The owner gives an agent a new password (agents cannot answer a security question). */
  async setAgentPassword(
    ownerId: string,
    businessId: string,
    agentId: string,
    passwords: { password: string; confirmationPassword: string },
  ): Promise<void> {
    await this.ownerAccess(ownerId, businessId);
    const agent = await this.findAgent(businessId, agentId);
    if (passwords.password !== passwords.confirmationPassword) throw badRequest('Passwords do not match');
    await this.accounts.replacePassword(agent.userId, passwords.password);
  }

  /**
   * Takes an agent off the business: they lose access at once and their listings become unassigned
   * (foreign key `on delete set null`). The sign-in account stays, as an ordinary client account.
   */
  async removeAgent(ownerId: string, businessId: string, agentId: string): Promise<void> {
    await this.ownerAccess(ownerId, businessId);
    const removed = await this.db
      .delete(businessAgents)
      .where(and(eq(businessAgents.id, agentId), eq(businessAgents.businessId, businessId)))
      .returning({ id: businessAgents.id });
    if (removed.length === 0) throw notFound('Agent not found');
  }

  /** An agent of this business, or 404 (an agent id of another business is as unknown as a made-up one). */
  async findAgent(businessId: string, agentId: string) {
    const [agent] = await this.db
      .select()
      .from(businessAgents)
      .where(and(eq(businessAgents.id, agentId), eq(businessAgents.businessId, businessId)))
      .limit(1);
    if (!agent) throw notFound('Agent not found');
    return agent;
  }

  async publicBusiness(businessId: string): Promise<BusinessRow> {
    if (!UUID.test(businessId)) throw notFound('Business not found');
    const [business] = await this.db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
    if (!business) throw notFound('Business not found');
    return business;
  }
}

import { ACCOUNT_ROLES, roleAllows } from '@app/contract';
import { Param, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import type { ProjectAudience } from '../../ports/projects.js';

/** The account roles that see the account's projects (decision 033's role table). */
const PROJECT_READERS = ACCOUNT_ROLES.filter((role) => roleAllows(role, 'projects', 'read'));

/**
 * Who hears of a project (decision 034), in one statement: the members of the ordering account whose
 * role reaches projects, and the team — the staff assigned to it and every admin (the chat's room
 * rule). `presentSince`: leave out whoever had the project's chat room open since then (they saw it
 * there); a chat message costs this one read, whatever the room's size.
 */
export async function projectAudience(
  db: DbOrTransaction,
  projectId: string,
  presentSince?: Date,
): Promise<ProjectAudience> {
  const present = presentSince
    ? sql`and not exists (select 1 from project_chat_members c
        where c.project_id = ${projectId} and c.user_id = people.id and c.active_at > ${presentSince.toISOString()}::timestamptz)`
    : sql``;
  const rows = await rawRows<{ id: string; side: 'client' | 'team' }>(
    db,
    sql`select distinct people.id, people.side from (
      select m.user_id as id, 'client' as side
        from projects p
        join project_orders o on o.id = p.order_id
        join account_members m on m.account_id = o.client_id
        where p.id = ${projectId} and m.role = any(${new Param([...PROJECT_READERS])}::text[])
      union all
      select e.employee_id, 'team' from project_employees e where e.project_id = ${projectId}
      union all
      select u.id, 'team' from users u where u.user_type = 'a' and not u.disabled
    ) people where true ${present}`,
  );
  return {
    client: rows.filter((row) => row.side === 'client').map((row) => row.id),
    team: rows.filter((row) => row.side === 'team').map((row) => row.id),
  };
}

import type { Agent, PropertyKind } from '@app/contract';
import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { FormDialog } from '../../../components/form-dialog';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { useToast } from '../../../components/toast/toast-context';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAgents, useAssignAgent } from '../api';

interface AssignAgentModalProps {
  businessId: string;
  kind: PropertyKind;
  ids: string[];
  onHide: () => void;
  onDone: () => void;
}

/** Agents per page of the dialog: enough to scan, few enough to fit beside the search box. */
const AGENT_PAGE = 20;
type Choice = { id: null; label: string } | { id: string; label: string };
const NOBODY: Choice = { id: null, label: 'Nobody (unassign)' };
const agentLabel = (agent: Agent) => `${agent.firstName} ${agent.lastName} (${agent.email})`;

/**
 * Assigns the ticked listings to one of the business's agents (or to nobody). The agents are searched
 * on the server as the owner types (name or email, 300 ms after typing stops) and paged, so any agent
 * of a large business can be found; the choice survives a new search or page.
 */
export function AssignAgentModal({ businessId, kind, ids, onHide, onDone }: AssignAgentModalProps) {
  const groupName = useId();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300).trim();
  const pages = useCursorPages(settled);
  const agents = useAgents(businessId, { search: settled, cursor: pages.cursor, limit: AGENT_PAGE });
  const mutation = useAssignAgent(businessId, kind);
  const [choice, setChoice] = useState<Choice | null>(null);
  const list = agents.data?.agents;
  const noAgents = list?.length === 0 && !settled && pages.page === 1;
  const chosenElsewhere = choice?.id && !list?.some((agent) => agent.id === choice.id);

  const submit = () => {
    if (!choice) return;
    mutation.mutate(
      { ids, agentID: choice.id },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message, variant: 'success' });
          onDone();
          onHide();
        },
      },
    );
  };
  const option = (id: string, value: Choice) => (
    <Form.Check
      key={id}
      type="radio"
      id={`${groupName}-${id}`}
      name={groupName}
      label={value.label}
      checked={choice?.id === value.id}
      onChange={() => setChoice(value)}
      // A choice made on another page or search still counts.
      required={!choice}
    />
  );

  return (
    // The browser checks that an agent (or nobody) is chosen: the radios are required until one is.
    <FormDialog
      onHide={onHide}
      centered
      noValidate={false}
      title="Assign agent"
      onSubmit={submit}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel="Assign"
      pendingLabel="Assigning"
    >
      <SearchBox
        label="Search agents"
        placeholder="Search agents by name or email"
        value={search}
        onChange={setSearch}
        className="mb-3"
      />
      <fieldset>
        <legend className="form-label fs-6">
          Agent for {ids.length} ticked listing{ids.length === 1 ? '' : 's'}
        </legend>
        {option('nobody', NOBODY)}
        {!list ? (
          <QueryState
            isPending={agents.isPending}
            error={agents.error}
            onRetry={() => void agents.refetch()}
          />
        ) : list.length === 0 ? (
          <p className="text-muted mt-2 mb-0">
            {noAgents ? 'Register an agent in the Agents tab first.' : 'No agent matches this search.'}
          </p>
        ) : (
          list.map((agent) => option(agent.id, { id: agent.id, label: agentLabel(agent) }))
        )}
      </fieldset>
      <CursorPager
        label="Agent pages"
        page={pages.page}
        nextCursor={agents.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={agents.isPlaceholderData}
      />
      <p className="small text-muted mb-0" aria-live="polite">
        {chosenElsewhere ? `Chosen: ${choice.label}` : ''}
      </p>
    </FormDialog>
  );
}

import type { ManagedUser } from '@app/contract';
import { type ReactNode, useState } from 'react';
import { Badge } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { StackedTable } from '../../../components/stacked-table';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { useClients } from './api';
import { DisableButton } from './disable-button';
import { SignOutEverywhereButton } from './sign-out-everywhere-button';

/** A column of an account list, between Email and Account. */
export interface UserColumn {
  header: string;
  cell: (user: ManagedUser) => ReactNode;
}

interface UserListProps {
  /** One page of the list (api.ts), searched on the server. */
  useList: typeof useClients;
  /** Accessible names: the search box, the table and its pager. */
  searchLabel: string;
  tableLabel: string;
  pagerLabel: string;
  empty: string;
  noMatch: string;
  columns: UserColumn[];
  /** Buttons before the search box (Add staff member). */
  actions?: ReactNode;
}

/**
 * An admin list of accounts (the Users tabs, docs/product-contract.md §Screens): newest first, a page
 * at a time, searched by name or email on the server as you type; each row's name, email, the tab's own
 * columns, and the account's Disable/Enable button.
 */
export function UserList({
  useList,
  searchLabel,
  tableLabel,
  pagerLabel,
  empty,
  noMatch,
  columns,
  actions,
}: UserListProps) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(settled);
  const list = useList({ search: settled, cursor: pages.cursor });
  const { isPending, error, refetch } = list;
  const data = list.data?.users;
  return (
    <div>
      <div className="d-flex flex-wrap gap-3 mb-3">
        {actions}
        <SearchBox
          label={searchLabel}
          placeholder="Search by name or email"
          value={search}
          onChange={setSearch}
          narrow
        />
      </div>
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-muted">{search ? noMatch : empty}</p>
      ) : (
        <StackedTable responsive hover className="bg-white align-middle" aria-label={tableLabel}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
              <th scope="col">Account</th>
            </tr>
          </thead>
          <tbody>
            {data.map((user) => (
              <tr key={user.id}>
                <td>
                  {user.firstName} {user.lastName}
                </td>
                <td>{user.email}</td>
                {columns.map((column) => (
                  <td key={column.header}>{column.cell(user)}</td>
                ))}
                <td className="d-flex flex-wrap gap-2 align-items-center">
                  {user.disabled && <Badge bg="secondary">Disabled</Badge>}
                  <DisableButton user={user} />
                  <SignOutEverywhereButton user={user} />
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <CursorPager
        label={pagerLabel}
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
    </div>
  );
}

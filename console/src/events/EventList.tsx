/**
 * An organisation's events: TanStack Table over the server's list (consoleEventList), which searches, sorts and pages
 * (the table only asks: manual sorting and pagination), with the event's actions by role: edit, copy and archive for
 * owners and operators, view for data viewers.
 */
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, ApiError, type Data } from '../app/api.ts';
import type { Organisation } from '../app/ConsoleApp.tsx';
import * as styles from '../app/console.css.ts';
import { formatStart, formatYuan } from '../app/format.ts';
import { useT } from '../app/i18n.ts';

export type ConsoleEvent = Data<'consoleEventGet'>;
type SortColumn = 'title' | 'start_time' | 'id';
const SORTABLE: readonly string[] = ['title', 'start_time', 'id'] satisfies SortColumn[];

export function EventList({ organisation }: { organisation: Organisation }) {
  const { t, locale } = useT();
  const navigate = useNavigate();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [archived, setArchived] = useState(false);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'start_time', desc: true }]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 20 });
  const [page, setPage] = useState<Data<'consoleEventList'> | null>(null);
  const [failure, setFailure] = useState('');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let current = true;
    const sort = sorting[0];
    api
      .get<'consoleEventList'>('/v3/api/console/events', {
        organisation_id: organisation.id,
        keyword,
        archived,
        sort: sort?.id,
        order: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
        page: pagination.pageIndex + 1,
        page_size: pagination.pageSize,
      })
      .then(
        (answer) => {
          if (!current) return;
          setPage(answer);
          setFailure('');
        },
        (error: unknown) => current && setFailure(error instanceof ApiError ? error.message : String(error)),
      );
    return () => {
      current = false;
    };
  }, [organisation.id, keyword, archived, sorting, pagination, reload]);

  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      setReload((value) => value + 1);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : String(error));
    }
  };

  const columns = useMemo<ColumnDef<ConsoleEvent>[]>(
    () => [
      {
        id: 'title',
        header: t('events.title'),
        cell: ({ row }) => <Link to={`${row.original.id}`}>{row.original.title}</Link>,
      },
      {
        id: 'start_time',
        header: t('events.start_time'),
        cell: ({ row }) => formatStart(row.original.start_time, locale),
      },
      { id: 'id', header: t('events.id'), cell: ({ row }) => `#${row.original.id}` },
      {
        id: 'price',
        enableSorting: false,
        header: t('events.price'),
        cell: ({ row }) =>
          row.original.price_cents ? formatYuan(row.original.price_cents) : t('events.free'),
      },
      {
        id: 'gates',
        enableSorting: false,
        header: t('events.gates'),
        cell: ({ row }) =>
          [
            row.original.password && t('events.gatePassword'),
            row.original.price_cents > 0 && t('events.gatePrice'),
            row.original.needs_phone && t('events.gatePhone'),
            row.original.needs_info_form && t('events.gateForm'),
          ]
            .filter(Boolean)
            .join(' · '),
      },
      {
        id: 'actions',
        enableSorting: false,
        header: t('events.actions'),
        cell: ({ row }) => {
          const event = row.original;
          return (
            <div className={styles.row}>
              <Link
                className={styles.button.secondary}
                to={`${event.id}`}
                aria-label={`${organisation.may_edit ? t('events.edit') : t('events.view')} ${event.title}`}
              >
                {organisation.may_edit ? t('events.edit') : t('events.view')}
              </Link>
              {organisation.may_edit && (
                <>
                  <button
                    type="button"
                    className={styles.button.secondary}
                    aria-label={`${t('events.copy')} ${event.title}`}
                    onClick={() =>
                      void act(() =>
                        api.post<'consoleEventCopy'>('/v3/api/console/event/copy', { id: event.id }),
                      )
                    }
                  >
                    {t('events.copy')}
                  </button>
                  <button
                    type="button"
                    className={styles.button.secondary}
                    aria-label={`${event.archived ? t('events.unarchive') : t('events.archive')} ${event.title}`}
                    onClick={() =>
                      void act(() =>
                        api.post<'consoleEventArchive'>('/v3/api/console/event/archive', {
                          id: event.id,
                          archived: !event.archived,
                        }),
                      )
                    }
                  >
                    {event.archived ? t('events.unarchive') : t('events.archive')}
                  </button>
                </>
              )}
              <a
                href={`/livev3/#/pages/home/index?token=${encodeURIComponent(event.token)}`}
                aria-label={`${t('events.open')} ${event.title}`}
              >
                {t('events.open')}
              </a>
            </div>
          );
        },
      },
    ],
    [t, locale, organisation.may_edit],
  );

  const total = page?.total ?? 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- the console is not built with the React Compiler
  const table = useReactTable({
    data: page?.list ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    pageCount: Math.max(1, Math.ceil(total / pagination.pageSize)),
    state: { sorting, pagination },
    onSortingChange: (next) => {
      setSorting(next);
      setPagination((current) => ({ ...current, pageIndex: 0 }));
    },
    onPaginationChange: setPagination,
    getRowId: (row) => String(row.id),
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(typed.trim());
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  };

  return (
    <section aria-labelledby="events-heading">
      <div className={styles.row}>
        <h1 id="events-heading" className={styles.heading}>
          {t('events.heading')}
        </h1>
        {organisation.may_edit && (
          <button type="button" className={styles.button.primary} onClick={() => navigate('new')}>
            {t('events.create')}
          </button>
        )}
      </div>
      <form className={styles.row} role="search" onSubmit={search}>
        <label htmlFor={searchId}>{t('events.search')}</label>
        <input
          id={searchId}
          className={styles.input}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <button type="submit" className={styles.button.secondary}>
          {t('events.searchButton')}
        </button>
        <label className={styles.row}>
          <input
            type="checkbox"
            checked={archived}
            onChange={(event) => {
              setArchived(event.currentTarget.checked);
              setPagination((current) => ({ ...current, pageIndex: 0 }));
            }}
          />
          {t('events.showArchived')}
        </label>
      </form>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <p className={styles.muted} aria-live="polite">
        {t('events.total', { count: total })}
      </p>
      <table className={styles.table}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const title = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    className={styles.cell}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {SORTABLE.includes(header.column.id) ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {title}
                        {sorted && ` (${sorted === 'asc' ? t('events.sortedAsc') : t('events.sortedDesc')})`}
                      </button>
                    ) : (
                      title
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={styles.cell}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
          {page && page.list.length === 0 && (
            <tr>
              <td className={styles.cell} colSpan={columns.length}>
                {t('events.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <nav className={styles.row} aria-label={t('events.heading')}>
        <button
          type="button"
          className={styles.button.secondary}
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        >
          {t('events.previous')}
        </button>
        <span>{t('events.page', { page: pagination.pageIndex + 1, pages: table.getPageCount() })}</span>
        <button
          type="button"
          className={styles.button.secondary}
          disabled={!table.getCanNextPage()}
          onClick={() => table.nextPage()}
        >
          {t('events.next')}
        </button>
      </nav>
    </section>
  );
}

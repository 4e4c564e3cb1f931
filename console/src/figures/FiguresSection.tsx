/**
 * An event's Figures section (owners, operators and data viewers: `event_read`): the audience now and per minute,
 * watch time, chat, gifts and tips, red packets, votes and revenue as the server counts them
 * (schemas/api/console-figures.json), refreshed every minute; the per-minute figures as charts with their numbers,
 * and the same figures as an Excel file through the organiser downloads (GET /v3/api/download/figures).
 */
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api, ApiError, sessionToken, type Data } from '../app/api.ts';
import * as styles from '../app/console.css.ts';
import { currentLocale, useT, type ConsoleKey } from '../app/i18n.ts';
import { formatYuan } from '../app/format.ts';
import * as own from './figures.css.ts';
import { formatMinute, minutesAndSeconds } from './format.ts';
import { MinuteChart } from './MinuteChart.tsx';

type Figures = Data<'consoleFigures'>;
type Row = [ConsoleKey, string | number];

const REFRESH_MS = 60_000;

/** The figures' groups: a heading and its rows, each a label and the figure as shown. */
function groupsOf(figures: Figures, duration: (seconds: number) => string): [ConsoleKey, Row[]][] {
  const { watch, chat, gifts, tips, red_packets: packets, votes, revenue } = figures;
  return [
    [
      'figures.audience',
      [
        ['figures.viewersNow', figures.viewers_now],
        ['figures.peakViewers', figures.peak_viewers],
        ['figures.watchTotal', duration(watch.total_seconds)],
        ['figures.watchViewers', watch.viewers],
        ['figures.watchPerViewer', duration(watch.per_viewer_seconds)],
      ],
    ],
    [
      'figures.chat',
      [
        ['figures.chatLines', chat.lines],
        ['figures.chatSenders', chat.senders],
      ],
    ],
    [
      'figures.gifts',
      [
        ['figures.giftCount', gifts.count],
        ['figures.giftItems', gifts.items],
        ['figures.giftCents', formatYuan(gifts.cents)],
        ['figures.tipCount', tips.count],
        ['figures.tipCents', formatYuan(tips.cents)],
      ],
    ],
    [
      'figures.redPackets',
      [
        ['figures.packetsSent', packets.sent],
        ['figures.packetsCents', formatYuan(packets.cents)],
        ['figures.sharesGrabbed', packets.shares_grabbed],
        ['figures.grabbedCents', formatYuan(packets.grabbed_cents)],
        ['figures.refundedCents', formatYuan(packets.refunded_cents)],
      ],
    ],
    [
      'figures.votes',
      [
        ['figures.votesTotal', votes.total],
        ['figures.votesFree', votes.free],
        ['figures.votesPaid', votes.paid],
      ],
    ],
    [
      'figures.revenue',
      [
        ['figures.revenueTickets', formatYuan(revenue.tickets)],
        ['figures.revenueGifts', formatYuan(revenue.gifts)],
        ['figures.revenueTips', formatYuan(revenue.tips)],
        ['figures.revenuePaidVotes', formatYuan(revenue.paid_votes)],
        ['figures.revenueShop', formatYuan(revenue.shop)],
        ['figures.revenueTotal', formatYuan(revenue.total)],
      ],
    ],
  ];
}

/** Saves the event's figures as the .xlsx the organiser downloads make (a JSON answer is the server's refusal). */
async function exportFigures(token: string): Promise<void> {
  const params = new URLSearchParams({ token, locale: currentLocale() });
  const session = sessionToken();
  const response = await fetch(`/v3/api/download/figures?${params}`, {
    headers: session ? { authorization: `Bearer ${session}` } : {},
  });
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('json')) {
    const answer = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(answer?.msg ?? String(response.status));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `figures-${token}.xlsx`;
  link.click();
  // The browser has taken the file once the click's task ran.
  setTimeout(() => URL.revokeObjectURL(url));
}

export function FiguresSection() {
  const { t, locale } = useT();
  const eventId = Number(useParams().event);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [failure, setFailure] = useState('');
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState('');

  const load = useCallback(
    () =>
      api.get<'consoleFigures'>('/v3/api/console/figures', { id: eventId }).then(
        (answer) => {
          setFigures(answer);
          setFailure('');
        },
        (error: unknown) => setFailure(error instanceof ApiError ? error.message : String(error)),
      ),
    [eventId],
  );
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const onExport = async (token: string) => {
    setExporting(true);
    setExportFailure('');
    try {
      await exportFigures(token);
    } catch (error) {
      setExportFailure(
        t('figures.exportFailed', { reason: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      setExporting(false);
    }
  };

  if (!figures)
    return failure ? (
      <p role="alert" className={styles.error}>
        {failure}
      </p>
    ) : (
      <p className={styles.muted}>{t('figures.loading')}</p>
    );
  const duration = (seconds: number) => t('figures.duration', minutesAndSeconds(seconds));
  return (
    <section aria-labelledby="figures-heading">
      <div className={styles.row}>
        <h2 id="figures-heading" className={styles.heading}>
          {t('figures.heading')}
        </h2>
        <span className={styles.muted}>
          {t('figures.updated', { time: formatMinute(figures.at, locale) })}
        </span>
        <button type="button" className={styles.button.secondary} onClick={() => void load()}>
          {t('figures.refresh')}
        </button>
        <button
          type="button"
          className={styles.button.primary}
          disabled={exporting}
          onClick={() => void onExport(figures.token)}
        >
          {exporting ? t('figures.exporting') : t('figures.export')}
        </button>
      </div>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {exportFailure && (
        <p role="alert" className={styles.error}>
          {exportFailure}
        </p>
      )}
      <div className={own.groups}>
        {groupsOf(figures, duration).map(([heading, rows]) => (
          <table key={heading} className={`${styles.table} ${own.group}`}>
            <caption className={own.groupHeading}>{t(heading)}</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  {t('figures.figure')}
                </th>
                <th scope="col" className={`${styles.cell} ${own.number}`}>
                  {t('figures.value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" className={styles.cell}>
                    {t(label)}
                  </th>
                  <td className={`${styles.cell} ${own.number}`}>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <p className={styles.muted}>{t('figures.revenueNote')}</p>
      <MinuteChart title={t('figures.viewersChart')} samples={figures.viewers_per_minute} />
      <MinuteChart title={t('figures.chatChart')} samples={figures.chat.per_minute} />
    </section>
  );
}

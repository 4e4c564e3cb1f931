import './messages';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { button } from '../../ui/button/button.css';
import { card, heading } from '../../ui/card/card.css';
import { queryId } from './format';
import { list, listItem, row } from './list.css';

type Kind = 'orders' | 'votes' | 'players' | 'sign_ups' | 'info_forms' | 'lottery_winners';

/**
 * The organiser's Excel downloads of the event (token: orders, information forms, lottery winners) and, with vote_id,
 * of the contest. The server checks the permission; the download helper says 'no download permission' when it
 * answers JSON (and shows any other refusal's own message).
 */
export function Downloads() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const voteId = queryId(params.get('vote_id'));
  const token = launchStore.get().videoToken;
  const [busy, setBusy] = useState<Kind | null>(null);
  const items: { kind: Kind; query: Record<string, string | number> }[] = [
    ...(token
      ? [
          { kind: 'orders' as const, query: { token } },
          { kind: 'info_forms' as const, query: { token } },
          { kind: 'lottery_winners' as const, query: { token } },
        ]
      : []),
    ...(voteId
      ? (['votes', 'players', 'sign_ups'] as const).map((kind) => ({ kind, query: { vote_id: voteId } }))
      : []),
  ];
  const download = async (kind: Kind, query: Record<string, string | number>) => {
    setBusy(kind);
    try {
      const { downloadFile } = await import('../../ui/download/download');
      await downloadFile({
        path: `/v3/api/download/${kind}`,
        query,
        file: `${t(`shop.download_${kind}`)}.xlsx`,
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={card} aria-labelledby="shop-downloads-title">
      <h2 id="shop-downloads-title" className={heading}>
        {t('shop.downloadTitle')}
      </h2>
      <ul className={list}>
        {items.map(({ kind, query }) => (
          <li key={kind} className={`${listItem} ${row}`}>
            <span>{t(`shop.download_${kind}`)}</span>
            <button
              type="button"
              className={button({ tone: 'secondary', size: 'sm' })}
              disabled={busy !== null}
              onClick={() => void download(kind, query)}
            >
              {t('shop.download')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

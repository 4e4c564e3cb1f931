import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { voteFor } from './vote-actions';
import { button } from '../../ui/button/button.css';

/** The free-vote button: one request per tap (retried safely with the tap's key), disabled while it runs. */
export function VoteButton({
  voteId,
  playerId,
  playerName,
  className = button({ size: 'compact', block: true }),
}: {
  voteId: number;
  playerId: number;
  playerName: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      aria-label={t('vote.voteFor', { name: playerName })}
      onClick={async () => {
        setBusy(true);
        await voteFor(voteId, playerId);
        setBusy(false);
      }}
    >
      {t('vote.vote')}
    </button>
  );
}

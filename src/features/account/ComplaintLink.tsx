import './action-texts';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { complaintPage } from './routes';

export type ComplaintTarget = {
  /** video: the event token; player: `<contest id>:<player id>`; chat: the message id. */
  kind: 'video' | 'player' | 'chat';
  target: string;
};

/** Opens the complaint page about a video, a player or a chat line (the page asks for the login when needed). */
export function useOpenComplaint() {
  const navigate = useAppNavigate();
  return ({ kind, target }: ComplaintTarget) => navigate(complaintPage(), { target_kind: kind, target });
}

/** A 'Complain' button for a page about one thing (the player page), in the look the page gives it. */
export function ComplaintLink({ className, ...about }: ComplaintTarget & { className?: string }) {
  const { t } = useTranslation();
  const open = useOpenComplaint();
  return (
    <button type="button" className={className} onClick={() => open(about)}>
      {t('accountActions.complain')}
    </button>
  );
}

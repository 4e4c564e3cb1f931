import { memo, useState } from 'react';
import { appConfig } from '../../engine/config';
import { pathTo } from '../../engine/routes';
import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { useStore } from '../../lib/store';
import { launchStore } from '../../lib/launch';
import { blacklistViewer, chatStore, deleteLine } from './room';
import type { ChatAddOns, ChatMessage } from './types';
import * as styles from './ChatRoom.css';

/** The gift's name in the viewer's language. */
export function giftName(message: ChatMessage, locale: string): string {
  return locale === 'en' ? message.gift_name_en || message.gift_name : message.gift_name;
}

/** One line of the chat. Text is always rendered as text (React escapes it), never as HTML. */
export const ChatLine = memo(function ChatLine({
  message,
  RedPacketCard,
}: {
  message: ChatMessage;
  RedPacketCard: ChatAddOns['RedPacketCard'];
}) {
  const { t } = useTranslation();
  const locale = useStore(launchStore, (state) => state.locale);
  const name = message.nickname || t('chat.viewer', { id: message.user_id });
  switch (message.kind) {
    case 'system':
      return <p className={styles.system}>{message.content}</p>;
    case 'gift':
      return (
        <p className={styles.line}>
          <span className={styles.highlight}>
            <span className={styles.badge} aria-hidden="true">
              {giftName(message, locale).slice(0, 1)}
            </span>
            <span className={styles.nickname}>{name}</span>
            {t('chat.sentGift', {
              gift: giftName(message, locale),
              count: message.gift_count,
            })}
          </span>
        </p>
      );
    case 'tip':
      return (
        <p className={styles.line}>
          <span className={styles.highlight}>
            <span className={styles.nickname}>{name}</span>
            {t('chat.tipped', { amount: formatPrice(message.amount) })}
          </span>
        </p>
      );
    case 'redpack':
      return <RedPacketCard message={message} senderName={name} />;
    default:
      return <TextLine message={message} name={name} />;
  }
});

function TextLine({ message, name }: { message: ChatMessage; name: string }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const canModerate = useStore(chatStore, (state) => state.canModerate);
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className={styles.line}>
      <p className={styles.lineText}>
        <span className={styles.nickname}>{name}</span>
        {t('chat.colon')}
        {message.content}
        {/* The sender's own line in a pre-reviewed room: waiting, or rejected (nobody else sees it). */}
        {message.status === 'waiting' && <span className={styles.reviewTag}>{t('chat.waiting')}</span>}
        {message.status === 'rejected' && (
          <span className={styles.reviewTag} data-status="rejected">
            {t('chat.rejected')}
          </span>
        )}
      </p>
      {/* Every viewer's line: complain about it; moderators also mute its sender. */}
      {message.user_id > 0 && (
        <>
          <button
            type="button"
            className={styles.menuButton}
            aria-label={t('chat.actions', { name })}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">⋯</span>
          </button>
          {menuOpen && (
            <div
              className={styles.menu}
              role="menu"
              onKeyDown={(event) => {
                if (event.key === 'Escape') setMenuOpen(false);
              }}
            >
              <button
                type="button"
                role="menuitem"
                className={styles.menuItem}
                onClick={() => {
                  setMenuOpen(false);
                  navigate(pathTo(appConfig, { block: 'account-complaint' }), {
                    target_kind: 'chat',
                    target: message.id,
                  });
                }}
              >
                {t('chat.complain')}
              </button>
              {canModerate && (
                <>
                  <button
                    type="button"
                    role="menuitem"
                    className={styles.menuItem}
                    onClick={() => {
                      setMenuOpen(false);
                      void deleteLine(message.id).catch(() => {});
                    }}
                  >
                    {t('chat.delete')}
                  </button>
                  <button
                    type="button"
                    role="menuitem"
                    className={styles.menuItem}
                    onClick={() => {
                      setMenuOpen(false);
                      void blacklistViewer(message.user_id).catch(() => {});
                    }}
                  >
                    {t('chat.blacklist')}
                  </button>
                </>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}

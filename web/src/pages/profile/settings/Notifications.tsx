/**
 * Settings › Notifications: this browser's push (on or off, with the browser's permission), then, for each
 * kind, whether it shows in the bell, comes as a push, and goes in the daily SMS digest (off by default).
 * Messages keep their own badge: for them only push and the digest are offered.
 */
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { NOTIFICATION_CHOICE_KINDS, type NotificationChoice, type NotificationChoiceKind } from '@vnmarket/proto/notifications';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Skeleton } from '../../../components/ui';
import { pushState, saveNotificationChoice, turnPushOff, turnPushOn, useNotificationPreferences, type PushState } from '../../../lib/notifications';
import { serverText } from '../../../lib/server-messages';
import { useToast } from '../../../lib/toast';
import { SectionHead } from './SectionHead';

const KIND_LABELS: Record<NotificationChoiceKind, MessageDescriptor> = {
  saved_search_match: msg`New matches for my saved searches`,
  message: msg`New messages`,
  listing_expiring: msg`A listing of mine is about to expire`,
  listing_held: msg`A listing of mine is held for review`,
  listing_restored: msg`A listing of mine is back after review`,
  listing_removed: msg`A listing of mine was removed`,
  review_received: msg`Someone reviewed me`,
  review_prompt: msg`Review the other side after a sale`,
};

const CHANNELS = ['inApp', 'push', 'smsDigest'] as const;
type Channel = (typeof CHANNELS)[number];

/** Saved searches first (why most members come back), then messages, then the rest in proto's order. */
const ORDER: NotificationChoiceKind[] = [
  'saved_search_match',
  'message',
  ...NOTIFICATION_CHOICE_KINDS.filter((kind) => kind !== 'saved_search_match' && kind !== 'message'),
];

export function NotificationsSection() {
  const { t, i18n } = useLingui();
  const { data: preferences, error } = useNotificationPreferences(true);
  const [push, setPush] = useState<PushState | 'working' | null>(null);
  const toast = useToast();

  useEffect(() => {
    void pushState()
      .then(setPush)
      .catch(() => setPush('unsupported'));
  }, []);

  const channelName: Record<Channel, string> = { inApp: t`In app`, push: t`Push`, smsDigest: t`Daily SMS` };

  const togglePush = async () => {
    const turningOn = push !== 'on';
    setPush('working');
    try {
      setPush(turningOn ? await turnPushOn() : await turnPushOff());
    } catch (failure) {
      setPush(await pushState().catch(() => 'unsupported' as const));
      toast({ title: t`Could not change push notifications`, description: serverText(failure), variant: 'destructive' });
    }
  };

  const change = async (kind: NotificationChoiceKind, channel: Channel, value: boolean) => {
    try {
      await saveNotificationChoice(kind, { [channel]: value } as Partial<NotificationChoice>);
    } catch (failure) {
      toast({ title: t`Could not save your choice`, description: serverText(failure), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="settings-notifications">
      <SectionHead
        id="settings-notifications"
        title={t`Notifications`}
        description={t`Choose what you hear about, and how. Push reaches this device even when the app is closed.`}
      />
      <PushRow>
        <p data-testid="push-state">
          {push === 'on'
            ? t`Push notifications are on for this device.`
            : push === 'denied'
              ? t`This browser blocks notifications from us. Allow them in the browser’s site settings.`
              : push === 'unsupported'
                ? t`This browser cannot receive push notifications. On an iPhone, add the app to your home screen first.`
                : t`Push notifications are off for this device.`}
        </p>
        {(push === 'on' || push === 'off' || push === 'working') && (
          <Button type="button" size="sm" variant={push === 'on' ? 'outline' : undefined} disabled={push === 'working'} onClick={() => void togglePush()}>
            {push === 'on' ? t`Turn off push` : t`Turn on push`}
          </Button>
        )}
      </PushRow>
      {error ? (
        <Note role="alert">{t`Failed to load your notification choices`}</Note>
      ) : !preferences ? (
        <Skeleton $height="240px" />
      ) : (
        <Choices role="table" aria-label={t`Notification choices`}>
          <div role="rowgroup">
            <Row role="row">
              <span role="columnheader">{t`Notify me when`}</span>
              {CHANNELS.map((channel) => (
                <ChannelHead key={channel} role="columnheader">
                  {channelName[channel]}
                </ChannelHead>
              ))}
            </Row>
          </div>
          <div role="rowgroup">
            {ORDER.map((kind) => {
              const label = i18n._(KIND_LABELS[kind]);
              return (
                <Row key={kind} role="row" data-testid={`notification-choice-${kind}`}>
                  <span role="rowheader">{label}</span>
                  {CHANNELS.map((channel) => (
                    <Cell key={channel} role="cell">
                      {kind === 'message' && channel === 'inApp' ? (
                        <span aria-label={t`Messages have their own badge`} title={t`Messages have their own badge`}>
                          —
                        </span>
                      ) : (
                        <input
                          type="checkbox"
                          aria-label={`${label}: ${channelName[channel]}`}
                          checked={preferences[kind][channel]}
                          onChange={(event) => void change(kind, channel, event.target.checked)}
                        />
                      )}
                    </Cell>
                  ))}
                </Row>
              );
            })}
          </div>
        </Choices>
      )}
      <Note>{t`The daily SMS digest comes once a day, never at night, to your verified phone: it counts what you have not read yet in the kinds you chose.`}</Note>
    </section>
  );
}

const PushRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 10px;
  padding: 12px;
  margin-bottom: 14px;
  border-radius: var(--radius-sm);
  background: var(--subtle);
  p {
    flex: 1 1 220px;
    margin: 0;
    font-size: 0.9rem;
  }
`;

const Choices = styled.div`
  display: grid;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr repeat(3, 64px);
  align-items: center;
  gap: 4px;
  padding: 8px 0;
  border-top: 1px solid var(--border);
  font-size: 0.9rem;
  [role='columnheader'] {
    font-size: 0.8rem;
    font-weight: 600;
    color: var(--muted);
  }
`;

const ChannelHead = styled.span`
  text-align: center;
`;

const Cell = styled.span`
  display: grid;
  place-items: center;
  input {
    width: 22px;
    height: 22px;
    accent-color: var(--primary);
  }
`;

const Note = styled.p`
  margin: 12px 0 0;
  color: var(--muted);
  font-size: 0.85rem;
`;
